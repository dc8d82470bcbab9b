// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { TRANSACTION_PAGE_LIMIT } from '../../../../contract/transactions'
import { createControl, type SandboxControl } from '../../../../sandbox/control'
import { MERCHANT_IDS } from '../../../../sandbox/data/ids'
import { fileSandbox } from '../../../../test/support/sandbox'
import { isApiError } from '../../../api/api-error'
import { type ApiClient, createApiClient } from '../../../api/client'
import { type TransactionListItem, TransactionPageReader } from '../../../api/schemas/transactions'
import { addDays, todayIn, toFilterDate } from '../../../shared/calendar'
import { listParamsFromSearch } from '../list-params'
import { type TransactionSearch, transactionSearchSchema } from '../search'
import { type ExportPage, exportPages } from './pager'

const sandbox = fileSandbox()
let control: SandboxControl
let api: ApiClient

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
  const { portalToken } = await control.session('owner@acme.test')
  api = createApiClient({ baseURL: sandbox.apiUrl, getToken: () => portalToken })
})

beforeEach(async () => {
  await control.reset()
})

const TIME_ZONE = 'America/Denver'
const LIST_PATH = '/api/transactions'

/** The URL the table would have for these filters, read the way the page reads it. */
function searchOf(input: Record<string, unknown>): TransactionSearch {
  return v.parse(transactionSearchSchema, input)
}

/** Everything the list answers for a query, fetched directly and page by page, for comparison. */
async function everything(query: Record<string, string>): Promise<TransactionListItem[]> {
  const items: TransactionListItem[] = []
  for (let offset = 0; ; offset += TRANSACTION_PAGE_LIMIT) {
    const page = await api.request(TransactionPageReader, LIST_PATH, {
      query: { 'merchantID.eq': MERCHANT_IDS.acme, ...query, limit: TRANSACTION_PAGE_LIMIT, offset },
    })
    items.push(...page.data.items)
    if (offset + TRANSACTION_PAGE_LIMIT >= page.data.pagination.total) return items
  }
}

async function collect(pages: AsyncGenerator<ExportPage>): Promise<ExportPage[]> {
  const seen: ExportPage[] = []
  for await (const page of pages) seen.push(page)
  return seen
}

describe('exporting page by page', () => {
  it('fetches exactly the filtered list, in the table order, in the largest pages the API allows', async () => {
    const today = todayIn(TIME_ZONE)
    const from = addDays(today, -44)
    const search = searchOf({
      status: ['SETTLED'],
      from: toFilterDate(from),
      to: toFilterDate(today),
      sort: 'amount:desc',
      // The page on screen and its size do not limit the export.
      page: 3,
      pageSize: 25,
    })
    const expected = await everything({ status: 'SETTLED', from, to: today, sort: 'amount:desc' })
    expect(expected.length).toBeGreaterThan(TRANSACTION_PAGE_LIMIT * 2)
    await control.clearRequests()

    const pages = await collect(
      exportPages({
        api,
        merchantId: MERCHANT_IDS.acme,
        params: listParamsFromSearch(search),
        signal: new AbortController().signal,
      }),
    )

    const exported = pages.flatMap((page) => page.items)
    expect(exported.map((item) => item.id)).toEqual(expected.map((item) => item.id))
    expect(pages.map((page) => page.done)).toEqual(
      pages.map((_, index) => Math.min(expected.length, (index + 1) * TRANSACTION_PAGE_LIMIT)),
    )
    expect(pages.at(-1)).toMatchObject({ done: expected.length, total: expected.length })

    const requests = await control.requests({ method: 'GET', path: LIST_PATH })
    expect(requests).toHaveLength(Math.ceil(expected.length / TRANSACTION_PAGE_LIMIT))
    requests.forEach((request, index) => {
      expect(request.query).toEqual({
        'merchantID.eq': MERCHANT_IDS.acme,
        status: 'SETTLED',
        from,
        to: today,
        sort: 'amount:desc',
        limit: String(TRANSACTION_PAGE_LIMIT),
        offset: String(index * TRANSACTION_PAGE_LIMIT),
      })
    })
  })

  it('goes on past an unreadable row, and reports where it stood: never a silently short export', async () => {
    const today = todayIn(TIME_ZONE)
    const from = addDays(today, -2)
    const params = listParamsFromSearch(searchOf({ from: toFilterDate(from), to: toFilterDate(today) }))
    const limit = 4
    const query = { 'merchantID.eq': MERCHANT_IDS.acme, from, to: today, sort: params.sort }
    const first = await api.request(TransactionPageReader, LIST_PATH, {
      query: { ...query, limit, offset: 0 },
    })
    const total = first.data.pagination.total
    expect(total).toBeGreaterThan(limit * 2)
    const raw = await (
      await fetch(
        `${sandbox.apiUrl}${LIST_PATH}?${new URLSearchParams({ ...query, limit: String(limit), offset: '0' })}`,
        {
          headers: {
            Authorization: `Bearer ${(await control.session('owner@acme.test')).portalToken}`,
            'X-API-Version': 'v2',
          },
        },
      )
    ).json()
    // The first page as the platform sent it, with its second row broken.
    raw.data.items[1] = { ...raw.data.items[1], id: 42, amount: 'a lot' }
    await control.addFault({
      method: 'GET',
      path: LIST_PATH,
      kind: 'status',
      status: 200,
      body: raw,
      times: 1,
    })

    const pages = await collect(
      exportPages({
        api,
        merchantId: MERCHANT_IDS.acme,
        params,
        signal: new AbortController().signal,
        limit,
      }),
    )
    expect(pages.flatMap((page) => page.leftOut)).toEqual([2])
    expect(pages.flatMap((page) => page.items)).toHaveLength(total - 1)
    expect(pages.length).toBe(Math.ceil(total / limit))
  })

  it('exports a search with its search type, and nothing when nothing matches', async () => {
    const listed = await api.request(TransactionPageReader, LIST_PATH, {
      query: { 'merchantID.eq': MERCHANT_IDS.acme, status: 'REFUNDED', limit: 1 },
    })
    const [first] = listed.data.items
    if (!first) throw new Error('no order to search for')
    const found = await collect(
      exportPages({
        api,
        merchantId: MERCHANT_IDS.acme,
        params: listParamsFromSearch(searchOf({ search: first.orderId, searchType: 'Order' })),
        signal: new AbortController().signal,
      }),
    )
    expect(found.flatMap((page) => page.items.map((item) => item.orderId))).toEqual([first.orderId])

    const none = await collect(
      exportPages({
        api,
        merchantId: MERCHANT_IDS.acme,
        params: listParamsFromSearch(searchOf({ search: 'TX-NOSUCH00' })),
        signal: new AbortController().signal,
      }),
    )
    expect(none).toEqual([{ items: [], done: 0, total: 0, leftOut: [] }])
  })

  it('asks for no further page once cancelled between pages', async () => {
    const abort = new AbortController()
    await control.clearRequests()
    const pages = exportPages({
      api,
      merchantId: MERCHANT_IDS.acme,
      params: listParamsFromSearch(searchOf({})),
      signal: abort.signal,
      limit: 100,
    })
    const first = await pages.next()
    expect(first.value).toMatchObject({ done: 100, total: 50_000 })
    abort.abort()
    await expect(pages.next()).rejects.toThrow()
    expect(await control.requests({ method: 'GET', path: LIST_PATH })).toHaveLength(1)
  })

  it('aborts the request in flight when cancelled, and sends no other', async () => {
    await control.addFault({ method: 'GET', path: LIST_PATH, kind: 'delay', delayMs: 5_000 })
    await control.clearRequests()
    const abort = new AbortController()
    const pages = exportPages({
      api,
      merchantId: MERCHANT_IDS.acme,
      params: listParamsFromSearch(searchOf({})),
      signal: abort.signal,
    })
    const started = Date.now()
    const next = pages.next()
    await expect.poll(() => control.requests({ method: 'GET', path: LIST_PATH })).toHaveLength(1)
    abort.abort()
    const error = await next.then(
      () => null,
      (reason: unknown) => reason,
    )
    expect(isApiError(error) && error.kind).toBe('aborted')
    expect(Date.now() - started).toBeLessThan(4_000)
    await expect(pages.next()).resolves.toEqual({ done: true, value: undefined })
    expect(await control.requests({ method: 'GET', path: LIST_PATH })).toHaveLength(1)
  })
})
