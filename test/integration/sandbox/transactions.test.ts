// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../contract/error'
import {
  TRANSACTION_STATUSES,
  type TransactionListItem,
  TransactionPageSchema,
  TransactionResponseSchema,
} from '../../../contract/transactions'
import { createControl } from '../../../sandbox/control'
import { MERCHANT_IDS, PROGRAM_IDS } from '../../../sandbox/data/ids'
import { ACME_TRANSACTION_COUNT } from '../../../sandbox/resources/transactions'
import { listTransactions } from '../../../sandbox/resources/transactions-list'
import { generateStore } from '../../../sandbox/store'
import { addDays, calendarDateIn, todayIn } from '../../../src/shared/calendar'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const ACME = MERCHANT_IDS.acme
const ACME_ZONE = 'America/Denver'

const sandbox = fileSandbox()
let owner: string
let viewer: string

beforeAll(async () => {
  const control = createControl(sandbox.apiUrl)
  owner = (await control.session('owner@acme.test')).portalToken
  viewer = (await control.session('viewer@acme.test')).portalToken
})

async function call(
  path: string,
  token: string,
  init: { method?: string; body?: unknown; key?: string } = {},
) {
  return fetch(`${sandbox.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: apiHeaders(token, init.key ? { 'Idempotency-Key': init.key } : {}),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

async function list(query: Record<string, string | number | string[]>, token = owner) {
  const params = new URLSearchParams({ 'merchantID.eq': ACME })
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item))
  }
  const response = await call(`/api/transactions?${params}`, token)
  expect(response.status, await response.clone().text()).toBe(200)
  return v.parse(TransactionPageSchema, await response.json()).data
}

async function errorOf(response: Response) {
  return v.parse(ErrorBodySchema, await response.json()).error
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

describe('transaction list', () => {
  it('has exactly 50 000 for Acme Outdoor, every status, and a summary that adds up', async () => {
    const page = await list({ limit: 25 })
    expect(page.pagination).toEqual({ offset: 0, limit: 25, total: ACME_TRANSACTION_COUNT })
    expect(page.items).toHaveLength(25)
    expect(page.summary.map((entry) => entry.status).sort()).toEqual([...TRANSACTION_STATUSES].sort())
    expect(sum(page.summary.map((entry) => entry.count))).toBe(ACME_TRANSACTION_COUNT)
    // Only open authorizations carry money still to settle; closed ones have none left.
    const open = await list({ status: 'AUTHORIZED', limit: 500 })
    expect(open.items.every((item) => item.amounts.remaining === item.amounts.authorized)).toBe(true)
    const closed = await list({ status: ['CANCELLED', 'EXPIRED', 'DECLINED'], limit: 100 })
    expect(closed.items.every((item) => item.amounts.remaining === 0)).toBe(true)
  })

  it('spreads them over the last two years, newest first, across the live programs', async () => {
    const newest = await list({ limit: 1 })
    const oldest = await list({ limit: 1, sort: 'createdAt:asc' })
    const [first] = newest.items
    const [last] = oldest.items
    if (!first || !last) throw new Error('no transactions')
    const days = (first.createdAt.getTime() - last.createdAt.getTime()) / 86_400_000
    expect(days).toBeGreaterThan(700)
    expect(days).toBeLessThanOrEqual(730)
    const ecomm = await list({ programID: PROGRAM_IDS.acmeEcomm, limit: 1 })
    const instore = await list({ programID: PROGRAM_IDS.acmeInstore, limit: 1 })
    expect(ecomm.pagination.total + instore.pagination.total).toBe(ACME_TRANSACTION_COUNT)
    const both = await list({ programID: [PROGRAM_IDS.acmeEcomm, PROGRAM_IDS.acmeInstore], limit: 1 })
    expect(both.pagination.total).toBe(ACME_TRANSACTION_COUNT)
  })

  it('pages without gaps or overlaps and sorts on the server', async () => {
    const first = await list({ limit: 100, offset: 0, sort: 'amount:desc' })
    const second = await list({ limit: 100, offset: 100, sort: 'amount:desc' })
    const both = [...first.items, ...second.items]
    expect(new Set(both.map((item) => item.id)).size).toBe(200)
    const amounts = both.map((item) => item.amounts.authorized)
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a))

    const byCustomer = await list({ limit: 200, sort: 'customer:asc' })
    const names = byCustomer.items.map((item) => item.customer.name.toLowerCase())
    expect(names).toEqual([...names].sort())

    const newest = await list({ limit: 200 })
    const times = newest.items.map((item) => item.createdAt.getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))

    const end = await list({ limit: 100, offset: ACME_TRANSACTION_COUNT - 30 })
    expect(end.items).toHaveLength(30)
    expect(end.pagination.total).toBe(ACME_TRANSACTION_COUNT)
  })

  it('filters by status with a summary over the whole filtered set', async () => {
    const all = await list({ limit: 1 })
    const wanted = ['REFUNDED', 'PARTIALLY_REFUNDED'] as const
    const filtered = await list({ status: [...wanted], limit: 50 })
    const expected = all.summary.filter((entry) => (wanted as readonly string[]).includes(entry.status))
    expect(filtered.summary).toEqual(expected)
    expect(filtered.pagination.total).toBe(sum(expected.map((entry) => entry.count)))
    expect(filtered.items.every((item) => (wanted as readonly string[]).includes(item.status))).toBe(true)
    // The same filter written as one comma-separated value.
    expect((await list({ status: wanted.join(','), limit: 1 })).pagination.total).toBe(
      filtered.pagination.total,
    )
  })

  describe('search', () => {
    /** One transaction well inside the list, to look for. */
    async function target(): Promise<TransactionListItem> {
      const found = (await list({ limit: 50, offset: 1234 })).items[7]
      if (!found) throw new Error('no transaction to look for')
      return found
    }
    const ids = async (query: Record<string, string | number>) =>
      (await list(query)).items.map((item) => item.id)

    it('finds a transaction by its id, whatever the case', async () => {
      const { id } = await target()
      expect(await ids({ search: id, searchType: 'Transaction' })).toEqual([id])
      expect(await ids({ search: id.toLowerCase() })).toEqual([id])
    })

    it('finds a transaction by its order id', async () => {
      const { id, orderId } = await target()
      expect(await ids({ search: orderId, searchType: 'Order' })).toEqual([id])
    })

    it("finds a customer's transactions by name, whatever the case", async () => {
      const { id, customer } = await target()
      const byName = await list({
        search: customer.name.toUpperCase(),
        searchType: 'CustomerName',
        limit: 500,
      })
      expect(byName.items.some((item) => item.id === id)).toBe(true)
      expect(byName.items.every((item) => item.customer.name === customer.name)).toBe(true)
    })

    it("finds a customer's transactions by email", async () => {
      const { id, customer } = await target()
      const byEmail = await list({ search: customer.email, searchType: 'CustomerEmail', limit: 500 })
      expect(byEmail.items.some((item) => item.id === id)).toBe(true)
    })

    it('finds transactions by amount, and refuses a search for an amount that is not one', async () => {
      const { id, amounts } = await target()
      const cents = amounts.authorized
      const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
      const byAmount = await list({ search: amount, searchType: 'Amount', limit: 500 })
      expect(byAmount.items.some((item) => item.id === id)).toBe(true)
      expect(byAmount.items.every((item) => item.amounts.authorized === cents)).toBe(true)
      const bad = await call(`/api/transactions?merchantID.eq=${ACME}&search=lots&searchType=Amount`, owner)
      expect(bad.status).toBe(400)
    })
  })

  it('refuses bad parameters with 400', async () => {
    for (const query of [
      'sort=price:asc',
      'searchType=Phone',
      'status=LOST',
      'from=2025-13-01',
      'to=03/01/2025',
      'limit=501',
    ]) {
      const response = await call(`/api/transactions?merchantID.eq=${ACME}&${query}`, owner)
      expect(response.status, query).toBe(400)
    }
    expect((await call('/api/transactions', owner)).status).toBe(400)
  })

  it('answers any signed-in user of the merchant, and only for their merchant', async () => {
    expect((await list({ limit: 1 }, viewer)).pagination.total).toBe(ACME_TRANSACTION_COUNT)
    const other = await call(`/api/transactions?merchantID.eq=${MERCHANT_IDS.globex}`, owner)
    expect(other.status).toBe(403)
    expect((await errorOf(other)).code).toBe('merchant_not_allowed')
    const ops = (await createControl(sandbox.apiUrl).session('ops@provider.test')).portalToken
    expect((await call(`/api/transactions?merchantID.eq=${ACME}`, ops)).status).toBe(403)
    expect((await call('/api/transactions', '')).status).toBe(401)
  })

  it('answers a filtered, sorted page of 50 000 quickly', async () => {
    const store = generateStore()
    const ledger = store.transactions.ledger(ACME)
    if (!ledger) throw new Error('no ledger')
    const base = {
      search: null,
      searchType: 'Transaction' as const,
      statuses: null,
      programIDs: null,
      from: null,
      to: null,
      needsAction: false,
      offset: 0,
      limit: 100,
      now: store.transactions.now,
    }
    const queries = {
      'newest first, no filter': { ...base, sort: 'createdAt' as const, direction: 'desc' as const },
      'two statuses by amount': {
        ...base,
        statuses: new Set(['SETTLED', 'REFUNDED'] as const),
        sort: 'amount' as const,
        direction: 'desc' as const,
      },
      'customer name search by customer': {
        ...base,
        search: 'smith',
        searchType: 'CustomerName' as const,
        sort: 'customer' as const,
        direction: 'asc' as const,
      },
      'one month, one program': {
        ...base,
        from: addDays(todayIn(ACME_ZONE, store.transactions.now), -60),
        to: addDays(todayIn(ACME_ZONE, store.transactions.now), -30),
        programIDs: new Set([PROGRAM_IDS.acmeEcomm]),
        sort: 'createdAt' as const,
        direction: 'asc' as const,
      },
    }
    const timings: Record<string, number> = {}
    for (const [name, query] of Object.entries(queries)) {
      listTransactions(ledger, query) // builds the sort order once, as the first request would
      const runs = [0, 1, 2].map(() => {
        const started = performance.now()
        listTransactions(ledger, query)
        return performance.now() - started
      })
      timings[name] = Math.min(...runs)
    }
    console.info('sandbox list timings (ms, best of 3):', timings)
    for (const elapsed of Object.values(timings)) expect(elapsed).toBeLessThan(100)
  })
})

describe('dates in the merchant time zone', () => {
  // The data ends at the sandbox's start-up, so days are picked relative to it.
  const now = () => generateStore().transactions.now

  /** The most recent date (before today) matching `pick`, in Acme's zone. */
  function recentDay(matches: (date: string) => boolean): string {
    let day = addDays(todayIn(ACME_ZONE, now()), -1)
    while (!matches(day)) day = addDays(day, -1)
    return day
  }

  async function expectDayBoundaries(day: string) {
    // One day, read in Denver: every row falls on it, and the rows of the days around it do not.
    const single = await list({ from: day, to: day, limit: 500 })
    expect(single.pagination.total).toBeGreaterThan(0)
    expect(single.items.every((item) => calendarDateIn(item.createdAt, ACME_ZONE) === day)).toBe(true)
    const around = await list({ from: addDays(day, -1), to: addDays(day, 1), limit: 500 })
    expect(around.pagination.total).toBeLessThanOrEqual(500)
    const onDay = around.items.filter((item) => calendarDateIn(item.createdAt, ACME_ZONE) === day)
    expect(onDay.length).toBe(single.pagination.total)
    expect(
      around.items.every((item) => {
        const date = calendarDateIn(item.createdAt, ACME_ZONE)
        return date >= addDays(day, -1) && date <= addDays(day, 1)
      }),
    ).toBe(true)
  }

  it('filters whole days on the spring-forward Sunday (a 23-hour day)', async () => {
    // The US changes clocks on the second Sunday of March.
    const day = recentDay((date) => {
      const d = new Date(`${date}T12:00:00Z`)
      return d.getUTCMonth() === 2 && d.getUTCDay() === 0 && d.getUTCDate() >= 8 && d.getUTCDate() <= 14
    })
    await expectDayBoundaries(day)
  })

  it('filters whole days on the fall-back Sunday (a 25-hour day)', async () => {
    const day = recentDay((date) => {
      const d = new Date(`${date}T12:00:00Z`)
      return d.getUTCMonth() === 10 && d.getUTCDay() === 0 && d.getUTCDate() <= 7
    })
    await expectDayBoundaries(day)
  })

  it('filters the last day of a month and the first of the next', async () => {
    const day = recentDay((date) => addDays(date, 1).endsWith('-01'))
    await expectDayBoundaries(day)
    await expectDayBoundaries(addDays(day, 1))
    // A month is the sum of its days.
    const month = await list({ from: `${day.slice(0, 8)}01`, to: day, limit: 1 })
    const firstHalf = await list({ from: `${day.slice(0, 8)}01`, to: `${day.slice(0, 8)}15`, limit: 1 })
    const secondHalf = await list({ from: `${day.slice(0, 8)}16`, to: day, limit: 1 })
    expect(firstHalf.pagination.total + secondHalf.pagination.total).toBe(month.pagination.total)
  })
})

describe('transaction actions', () => {
  let counter = 0
  const key = () => `test-${Date.now()}-${++counter}`

  async function first(query: Record<string, string>): Promise<TransactionListItem> {
    const page = await list({ ...query, limit: 1, offset: 3 })
    const [item] = page.items
    if (!item) throw new Error(`no transaction for ${JSON.stringify(query)}`)
    return item
  }

  async function act(
    id: string,
    action: string,
    body: unknown,
    token = owner,
    idempotencyKey: string | null = key(),
  ) {
    return call(`/api/transactions/${id}/${action}`, token, {
      method: 'POST',
      body,
      key: idempotencyKey ?? undefined,
    })
  }

  async function detail(id: string) {
    const response = await call(`/api/transactions/${id}`, owner)
    expect(response.status).toBe(200)
    return v.parse(TransactionResponseSchema, await response.json()).data
  }

  it('needs the action scope: a READ user gets 403', async () => {
    const tx = await first({ status: 'SETTLED' })
    for (const action of ['settle', 'refund', 'cancel']) {
      const response = await act(tx.id, action, {}, viewer)
      expect(response.status).toBe(403)
      expect((await errorOf(response)).code).toBe('insufficient_scope')
    }
    expect((await detail(tx.id)).amounts).toEqual(tx.amounts)
  })

  it('needs an Idempotency-Key', async () => {
    const tx = await first({ status: 'SETTLED' })
    const response = await act(tx.id, 'refund', { amount: 100 }, owner, null)
    expect(response.status).toBe(400)
    expect((await errorOf(response)).code).toBe('idempotency_key_required')
  })

  it('refunds part of a settled transaction, and refuses a refund above what remains with 409', async () => {
    const tx = await first({ status: 'SETTLED' })
    const response = await act(tx.id, 'refund', { amount: 1_000 })
    expect(response.status).toBe(200)
    const refunded = v.parse(TransactionResponseSchema, await response.json()).data
    expect(refunded.status).toBe('PARTIALLY_REFUNDED')
    expect(refunded.amounts).toEqual({
      authorized: tx.amounts.authorized,
      settled: tx.amounts.settled,
      refunded: 1_000,
      remaining: tx.amounts.remaining - 1_000,
    })
    expect(refunded.timeline.at(-1)).toMatchObject({
      type: 'REFUNDED',
      amount: 1_000,
      actor: 'owner@acme.test',
    })

    const tooMuch = await act(tx.id, 'refund', { amount: refunded.amounts.remaining + 1 })
    expect(tooMuch.status).toBe(409)
    const error = await errorOf(tooMuch)
    expect(error.code).toBe('refund_exceeds_remaining')
    expect(error.message).toMatch(
      /Cannot refund \$[\d,.]+: only \$[\d,.]+ of this transaction can still be refunded/,
    )

    // The rest, without an amount, refunds everything that remains.
    const rest = v.parse(TransactionResponseSchema, await (await act(tx.id, 'refund', {})).json()).data
    expect(rest).toMatchObject({
      status: 'REFUNDED',
      amounts: { refunded: tx.amounts.settled, remaining: 0 },
    })
    expect((await act(tx.id, 'refund', { amount: 1 })).status).toBe(409)
  })

  it('replays the first answer for the same key without acting twice', async () => {
    const tx = await first({ status: 'PARTIALLY_SETTLED' })
    const idempotencyKey = key()
    const [a, b] = await Promise.all([
      act(tx.id, 'refund', { amount: 500 }, owner, idempotencyKey),
      act(tx.id, 'refund', { amount: 500 }, owner, idempotencyKey),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    const bodies = await Promise.all([a.json(), b.json()])
    expect(bodies[0]).toEqual(bodies[1])
    const again = await act(tx.id, 'refund', { amount: 500 }, owner, idempotencyKey)
    expect(again.status).toBe(200)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect((await detail(tx.id)).amounts.refunded).toBe(500)

    const reused = await act(tx.id, 'refund', { amount: 700 }, owner, idempotencyKey)
    expect(reused.status).toBe(409)
    expect((await errorOf(reused)).code).toBe('idempotency_key_reused')
  })

  it('settles part of an open authorization, releasing the rest', async () => {
    const tx = await first({ status: 'AUTHORIZED' })
    const part = Math.floor(tx.amounts.authorized / 2)
    const response = await act(tx.id, 'settle', { amount: part })
    expect(response.status).toBe(200)
    const settled = v.parse(TransactionResponseSchema, await response.json()).data
    expect(settled).toMatchObject({
      status: 'PARTIALLY_SETTLED',
      amounts: { settled: part, refunded: 0, remaining: part },
    })
    expect(settled.timeline.slice(-2).map((event) => [event.type, event.amount])).toEqual([
      ['SETTLED', part],
      ['RELEASED', tx.amounts.authorized - part],
    ])
    const twice = await act(tx.id, 'settle', {})
    expect(twice.status).toBe(409)
    expect((await errorOf(twice)).code).toBe('not_settleable')
  })

  it('refuses to settle more than was authorized, then settles the whole amount', async () => {
    const [full] = (await list({ status: 'AUTHORIZED', limit: 1, offset: 10 })).items
    if (!full) throw new Error('not enough open authorizations')
    const above = await act(full.id, 'settle', { amount: full.amounts.authorized + 1 })
    expect(above.status).toBe(409)
    expect((await errorOf(above)).code).toBe('amount_exceeds_authorization')
    const settled = v.parse(TransactionResponseSchema, await (await act(full.id, 'settle', {})).json()).data
    expect(settled).toMatchObject({ status: 'SETTLED', amounts: { settled: full.amounts.authorized } })
  })

  it('refuses to refund an open authorization, and cancels it, after which it cannot be settled', async () => {
    const [toCancel] = (await list({ status: 'AUTHORIZED', limit: 1, offset: 11 })).items
    if (!toCancel) throw new Error('not enough open authorizations')
    expect((await act(toCancel.id, 'refund', { amount: 100 })).status).toBe(409)
    const cancelled = v.parse(
      TransactionResponseSchema,
      await (await act(toCancel.id, 'cancel', {})).json(),
    ).data
    expect(cancelled).toMatchObject({ status: 'CANCELLED', amounts: { remaining: 0 } })
    const settleCancelled = await act(toCancel.id, 'settle', {})
    expect(settleCancelled.status).toBe(409)
    expect((await errorOf(settleCancelled)).message).toMatch(/cancelled/)
  })

  it('refuses to cancel a settled transaction', async () => {
    const settled = await first({ status: 'SETTLED' })
    expect((await act(settled.id, 'cancel', {})).status).toBe(409)
  })

  it('refuses to settle an expired authorization or to refund a declined one', async () => {
    const expired = await first({ status: 'EXPIRED' })
    const late = await act(expired.id, 'settle', {})
    expect(late.status).toBe(409)
    expect((await errorOf(late)).code).toBe('authorization_expired')
    const declined = await first({ status: 'DECLINED' })
    expect((await act(declined.id, 'refund', {})).status).toBe(409)
  })

  it('keeps the list and its summary in step with actions', async () => {
    const before = await list({ status: 'CANCELLED', limit: 1 })
    const tx = await first({ status: 'AUTHORIZED' })
    expect((await act(tx.id, 'cancel', {})).status).toBe(200)
    const after = await list({ status: 'CANCELLED', limit: 1 })
    expect(after.pagination.total).toBe(before.pagination.total + 1)
    const sorted = await list({ sort: 'status:asc', limit: 1, search: tx.id })
    expect(sorted.items[0]?.status).toBe('CANCELLED')
    expect((await call(`/api/transactions/TX-NOPE0000`, owner)).status).toBe(404)
  })
})

describe('generation', () => {
  it('is the same for the same seed, and generates ledgers only when asked', () => {
    const started = performance.now()
    const a = generateStore()
    const storeMs = performance.now() - started
    const b = generateStore()
    const ledgerStarted = performance.now()
    const ledgerA = a.transactions.ledger(ACME)
    const ledgerMs = performance.now() - ledgerStarted
    const ledgerB = b.transactions.ledger(ACME)
    console.info(
      `generateStore ${storeMs.toFixed(0)} ms; Acme's 50 000 on first use ${ledgerMs.toFixed(0)} ms`,
    )
    if (!ledgerA || !ledgerB) throw new Error('no ledger')
    const pick = (index: number) => {
      const record = ledgerA.records[index]
      const other = ledgerB.records[index]
      return [record?.id, record?.authorized, record?.status, other?.id, other?.authorized, other?.status]
    }
    for (const index of [0, 1, 2_500, 49_999]) {
      const [id, amount, status, id2, amount2, status2] = pick(index)
      expect([id, amount, status]).toEqual([id2, amount2, status2])
    }
    expect(ledgerA.records).toHaveLength(ACME_TRANSACTION_COUNT)
    expect(new Set(ledgerA.records.map((record) => record.id)).size).toBe(ACME_TRANSACTION_COUNT)
    expect(ledgerMs).toBeLessThan(1_500)
  })

  it("gives each store its own records: one store's changes never reach the next, nor its copy of a kept ledger", () => {
    const first = generateStore().transactions.ledger(ACME)
    const record = first?.records[0]
    if (!first || !record) throw new Error('no ledger')
    const { id, status, remaining } = record
    record.status = 'CANCELLED'
    record.remaining = 0
    record.actions = [{ at: 0, type: 'CANCELLED', amount: 1, actor: 'test' }]

    const second = generateStore().transactions.ledger(ACME)
    expect(second?.records[0]).toMatchObject({ id, status, remaining, actions: null })
    expect(second?.records).not.toBe(first.records)
  })

  it('generates again for a merchant whose name changed: staff and order numbers follow the name', () => {
    const store = generateStore()
    const merchant = store.merchants.find((candidate) => candidate.id === ACME)
    if (!merchant) throw new Error('no Acme')
    merchant.name = 'Zenith Outdoor'
    expect(store.transactions.ledger(ACME)?.records[0]?.orderId).toMatch(/^ZO-/)
    expect(generateStore().transactions.ledger(ACME)?.records[0]?.orderId).toMatch(/^AO-/)
  })
})
