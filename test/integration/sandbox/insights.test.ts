// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../contract/error'
import { type Insights, InsightsResponseSchema } from '../../../contract/insights'
import { TransactionPageSchema } from '../../../contract/transactions'
import { createControl } from '../../../sandbox/control'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { addDays, todayIn } from '../../../src/shared/calendar'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const ACME = MERCHANT_IDS.acme
const ACME_ZONE = 'America/Denver'

const sandbox = fileSandbox()
let owner: string

beforeAll(async () => {
  owner = (await createControl(sandbox.apiUrl).session('owner@acme.test')).portalToken
})

function get(path: string, token = owner, extra: Record<string, string> = {}) {
  return fetch(`${sandbox.apiUrl}${path}`, { headers: apiHeaders(token, extra) })
}

async function insights(query: Record<string, string>, token = owner): Promise<Insights> {
  const response = await get(`/api/merchant/${ACME}/insights?${new URLSearchParams(query)}`, token)
  expect(response.status, await response.clone().text()).toBe(200)
  return v.parse(InsightsResponseSchema, await response.json()).data
}

/** The transaction list's count and per-status summary for the same calendar dates. */
async function listed(from: string, to: string) {
  const params = new URLSearchParams({ 'merchantID.eq': ACME, limit: '1', from, to })
  const response = await get(`/api/transactions?${params}`)
  return v.parse(TransactionPageSchema, await response.json()).data
}

const iso = (date: Date) => date.toISOString().slice(0, 10)
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

describe('insights', () => {
  it('adds up to what the transaction list shows for the same days, in the merchant’s time zone', async () => {
    const to = todayIn(ACME_ZONE)
    const from = addDays(to, -29)
    const result = await insights({ from, to, interval: 'day' })
    expect(result.timeZone).toBe(ACME_ZONE)
    expect([iso(result.range.from), iso(result.range.to)]).toEqual([from, to])
    // The 30 days just before.
    const previous = { from: addDays(from, -30), to: addDays(from, -1) }
    expect([iso(result.previousRange.from), iso(result.previousRange.to)]).toEqual([
      previous.from,
      previous.to,
    ])

    const page = await listed(from, to)
    const declined = page.summary.find((entry) => entry.status === 'DECLINED')
    expect(result.totals.attempts).toBe(page.pagination.total)
    expect(result.totals.orders).toBe(page.pagination.total - (declined?.count ?? 0))
    expect(result.totals.volume).toBe(sum(page.summary.map((entry) => entry.total)) - (declined?.total ?? 0))
    const before = await listed(previous.from, previous.to)
    expect(result.previousTotals.attempts).toBe(before.pagination.total)

    // Buckets: one per day, adding up to the totals, split by both of Acme's programs and channels.
    expect(result.buckets).toHaveLength(30)
    expect(result.channels).toEqual(['ECOMM', 'INSTORE'])
    expect(result.programs).toHaveLength(2)
    expect(sum(result.buckets.map((bucket) => bucket.totals.orders))).toBe(result.totals.orders)
    expect(sum(result.buckets.map((bucket) => bucket.totals.refunded))).toBe(result.totals.refunded)
    for (const bucket of result.buckets) {
      expect(sum(bucket.programs.map((entry) => entry.volume))).toBe(bucket.totals.volume)
      expect(sum(bucket.channels.map((entry) => entry.orders))).toBe(bucket.totals.orders)
    }
    expect(result.totals.refunds).toBeGreaterThan(0)
  })

  it('groups by week, Sunday to Saturday, and counts a refund made now at once', async () => {
    const to = todayIn(ACME_ZONE)
    const from = addDays(to, -89)
    const before = await insights({ from, to, interval: 'week' })
    expect(before.buckets.length).toBeGreaterThanOrEqual(13)
    for (const bucket of before.buckets.slice(1)) expect(bucket.from.getUTCDay()).toBe(0)
    expect(iso(before.buckets.at(-1)?.to ?? new Date(0))).toBe(to)

    const params = new URLSearchParams({ 'merchantID.eq': ACME, status: 'SETTLED', limit: '1' })
    const settled = v.parse(TransactionPageSchema, await (await get(`/api/transactions?${params}`)).json())
      .data.items[0]
    if (!settled) throw new Error('no settled transaction')
    const refund = await fetch(`${sandbox.apiUrl}/api/transactions/${settled.id}/refund`, {
      method: 'POST',
      headers: apiHeaders(owner, { 'Idempotency-Key': `insights-${settled.id}` }),
      body: JSON.stringify({ amount: 1_234 }),
    })
    expect(refund.status).toBe(200)
    const after = await insights({ from, to, interval: 'week' })
    expect(after.totals.refunds).toBe(before.totals.refunds + 1)
    expect(after.totals.refunded).toBe(before.totals.refunded + 1_234)
    expect(after.buckets.at(-1)?.totals.refunded).toBe((before.buckets.at(-1)?.totals.refunded ?? 0) + 1_234)
  })

  it('answers any user acting for the merchant, and only them', async () => {
    const control = createControl(sandbox.apiUrl)
    const viewer = (await control.session('viewer@acme.test')).portalToken
    const today = todayIn(ACME_ZONE)
    expect((await insights({ from: today, to: today }, viewer)).interval).toBe('day')

    const refusals: [string, string, number][] = [
      [`/api/merchant/${MERCHANT_IDS.globex}/insights?from=${today}&to=${today}`, owner, 403],
      [
        `/api/merchant/${ACME}/insights?from=${today}&to=${today}`,
        (await control.session('ops@provider.test')).portalToken,
        403,
      ],
      [`/api/merchant/${ACME}/insights?from=${today}`, owner, 400],
      [`/api/merchant/${ACME}/insights?from=02/01/2026&to=${today}`, owner, 400],
      [`/api/merchant/${ACME}/insights?from=${today}&to=${addDays(today, -1)}`, owner, 400],
      [`/api/merchant/${ACME}/insights?from=${addDays(today, -731)}&to=${today}`, owner, 400],
      [`/api/merchant/${ACME}/insights?from=${today}&to=${today}&interval=hour`, owner, 400],
    ]
    for (const [path, token, status] of refusals) {
      const response = await get(path, token)
      expect(response.status, path).toBe(status)
      expect(v.is(ErrorBodySchema, await response.json())).toBe(true)
    }
  })
})
