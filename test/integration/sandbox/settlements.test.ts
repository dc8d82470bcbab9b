// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../contract/error'
import {
  type SettlementEntry,
  SettlementEntryPageSchema,
  SettlementReportSchema,
} from '../../../contract/settlements'
import { TransactionPageSchema, TransactionResponseSchema } from '../../../contract/transactions'
import { createControl } from '../../../sandbox/control'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { nextBusinessDay, settlementStatus } from '../../../sandbox/resources/settlements-report'
import { addDays, calendarDateIn, type IsoDate, todayIn } from '../../../src/shared/calendar'
import { fileSandbox } from '../../support/sandbox'
import { startOfDayIn } from '../../support/zone-midnight'
import { apiHeaders } from './helpers'

const ACME = MERCHANT_IDS.acme
const ZONE = 'America/Denver'
const HOUR = 3_600_000

const sandbox = fileSandbox()
let owner: string

beforeAll(async () => {
  owner = (await createControl(sandbox.apiUrl).session('owner@acme.test')).portalToken
})

function call(path: string, token = owner, init: { method?: string; body?: unknown; key?: string } = {}) {
  return fetch(`${sandbox.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: apiHeaders(token, init.key ? { 'Idempotency-Key': init.key } : {}),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

function reportPath(from: IsoDate, to: IsoDate, merchantID: string = ACME) {
  return `/api/settlements?${new URLSearchParams({ 'merchantID.eq': merchantID, from, to })}`
}

async function report(from: IsoDate, to: IsoDate) {
  const response = await call(reportPath(from, to))
  expect(response.status, await response.clone().text()).toBe(200)
  return v.parse(SettlementReportSchema, await response.json()).data
}

async function entries(id: string): Promise<SettlementEntry[]> {
  const response = await call(`/api/settlements/${id}/transactions?limit=500`)
  expect(response.status).toBe(200)
  const page = v.parse(SettlementEntryPageSchema, await response.json()).data
  expect(page.items).toHaveLength(page.pagination.total)
  return page.items
}

const iso = (date: Date) => date.toISOString().slice(0, 10)
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

/** The most recent day of the merchant's last year that is not 24 hours long. */
function lastDstDay(hours: 23 | 25): IsoDate {
  const today = todayIn(ZONE)
  for (let back = 1; back <= 366; back++) {
    const day = addDays(today, -back)
    if (startOfDayIn(addDays(day, 1), ZONE) - startOfDayIn(day, ZONE) === hours * HOUR) return day
  }
  throw new Error(`no ${hours}-hour day in the last year`)
}

describe('settlement report', () => {
  it('has a batch per day with money moving, newest first, whose figures add up', async () => {
    const today = todayIn(ZONE)
    const cold = performance.now()
    await report(addDays(today, -99), today)
    const warm = performance.now()
    const answer = await report(addDays(today, -99), today)
    const done = performance.now()
    console.info(
      `100-day settlement report of Acme Outdoor: ${(warm - cold).toFixed(0)} ms with the ledger's generation, ${(done - warm).toFixed(0)} ms after`,
    )
    expect(answer.timeZone).toBe(ZONE)
    expect(answer.items.length).toBeGreaterThanOrEqual(99)
    const dates = answer.items.map((item) => iso(item.date))
    expect(dates).toEqual([...dates].sort().reverse())
    for (const item of answer.items) {
      const { settled, refunded, fees, net } = item.amounts
      expect(net).toBe(settled - refunded - fees)
      expect(fees).toBeGreaterThan(0)
      expect(item.payoutDate > item.date).toBe(true)
      expect(item.status).toBe(settlementStatus(iso(item.date), iso(item.payoutDate), today))
    }
    const amounts = answer.items.map((item) => item.amounts)
    expect(answer.totals.amounts).toEqual({
      settled: sum(amounts.map((a) => a.settled)),
      refunded: sum(amounts.map((a) => a.refunded)),
      fees: sum(amounts.map((a) => a.fees)),
      net: sum(amounts.map((a) => a.net)),
    })
    expect(answer.totals.settlements).toBe(answer.items.length)
    expect(answer.totals.entries).toBe(sum(answer.items.map((item) => item.entryCount)))
    // Today's batch is still open. In the first hours of the merchant's day, before its first sale,
    // the newest batch is an earlier day's, closed: on its way, or paid when its payout day (the next
    // business day) is today, as just after midnight following a day with sales.
    const newest = answer.items[0]
    if (newest && iso(newest.date) === today) expect(newest.status).toBe('OPEN')
    else expect(['IN_TRANSIT', 'PAID']).toContain(newest?.status)
    expect(answer.items.some((item) => item.status === 'PAID')).toBe(true)
  })

  it('pays out on the next business day', () => {
    expect(nextBusinessDay('2026-11-20')).toBe('2026-11-23') // Friday → Monday
    expect(nextBusinessDay('2026-11-21')).toBe('2026-11-23') // Saturday → Monday
    expect(nextBusinessDay('2026-11-23')).toBe('2026-11-24')
    expect(nextBusinessDay('2026-12-31')).toBe('2027-01-01')
  })

  it("lists a batch's sales and refunds, each inside its day, adding up to the batch", async () => {
    const answer = await report(addDays(todayIn(ZONE), -10), addDays(todayIn(ZONE), -3))
    const batch = answer.items[2]
    if (!batch) throw new Error('no batch')
    const items = await entries(batch.id)
    expect(items).toHaveLength(batch.entryCount)
    const settled = items.filter((entry) => entry.type === 'SETTLED')
    const refunds = items.filter((entry) => entry.type === 'REFUNDED')
    expect(sum(settled.map((entry) => entry.amount))).toBe(batch.amounts.settled)
    expect(sum(refunds.map((entry) => entry.amount))).toBe(batch.amounts.refunded)
    expect(sum(items.map((entry) => entry.fee))).toBe(batch.amounts.fees)
    expect(sum(items.map((entry) => entry.net))).toBe(batch.amounts.net)
    for (const entry of items) {
      expect(entry.at >= batch.periodStart && entry.at < batch.periodEnd).toBe(true)
      expect(calendarDateIn(entry.at, ZONE)).toBe(iso(batch.date))
      if (entry.type === 'SETTLED') expect(entry.fee).toBe(Math.round((entry.amount * entry.feeBps) / 10_000))
      else expect(entry.fee).toBe(0)
    }
    const times = items.map((entry) => entry.at.getTime())
    expect(times).toEqual([...times].sort((a, b) => a - b))

    // Each entry is the transaction's own settlement or refund, at the same instant and amount.
    const [first] = settled
    if (!first) throw new Error('no settled entry')
    const tx = v.parse(
      TransactionResponseSchema,
      await (await call(`/api/transactions/${first.transactionId}`)).json(),
    )
    expect(tx.data.timeline).toContainEqual(
      expect.objectContaining({ type: 'SETTLED', amount: first.amount, at: first.at }),
    )

    // Pages of the entries never overlap.
    const page = async (offset: number) =>
      v.parse(
        SettlementEntryPageSchema,
        await (await call(`/api/settlements/${batch.id}/transactions?limit=10&offset=${offset}`)).json(),
      ).data.items
    const [one, two] = await Promise.all([page(0), page(10)])
    expect([...one, ...two]).toEqual(items.slice(0, 20))
  })

  it('cuts batches at the merchant’s midnight: 23 and 25 hours around DST changes, and at month ends', async () => {
    for (const hours of [23, 25] as const) {
      const day = lastDstDay(hours)
      const answer = await report(addDays(day, -1), addDays(day, 1))
      const batch = answer.items.find((item) => iso(item.date) === day)
      if (!batch) throw new Error(`no batch on ${day}`)
      expect((batch.periodEnd.getTime() - batch.periodStart.getTime()) / HOUR).toBe(hours)
      expect(batch.periodStart.getTime()).toBe(startOfDayIn(day, ZONE))
      for (const entry of await entries(batch.id)) expect(calendarDateIn(entry.at, ZONE)).toBe(day)
    }

    // The last day of last month ends at the first instant of this month, merchant time.
    const monthStart = `${todayIn(ZONE).slice(0, 8)}01`
    const lastDay = addDays(monthStart, -1)
    const answer = await report(lastDay, monthStart)
    const [newer, older] = answer.items
    expect(older && iso(older.date)).toBe(lastDay)
    expect(older?.periodEnd.getTime()).toBe(startOfDayIn(monthStart, ZONE))
    expect(newer?.periodStart.getTime()).toBe(older?.periodEnd.getTime())
  })

  it('allows 100 days across a DST change and refuses 101 with a clear error', async () => {
    const day = lastDstDay(23)
    const from = addDays(day, -50)
    expect((await call(reportPath(from, addDays(from, 99)))).status).toBe(200)
    const refused = await call(reportPath(from, addDays(from, 100)))
    expect(refused.status).toBe(400)
    expect(v.parse(ErrorBodySchema, await refused.json()).error).toEqual({
      code: 'range_too_long',
      message: 'A settlement report covers at most 100 days; this range has 101. Choose a shorter range.',
      details: { maxDays: 100, days: 101 },
    })
    for (const query of [
      'from=2026-13-01&to=2026-12-01',
      'from=2026-02-01',
      'from=2026-03-02&to=2026-03-01',
    ]) {
      const response = await call(`/api/settlements?merchantID.eq=${ACME}&${query}`)
      expect(response.status, query).toBe(400)
    }
  })

  it('shows a refund made through the API in today’s open batch at once', async () => {
    const today = todayIn(ZONE)
    const before = (await report(today, today)).items[0]
    const listed = v.parse(
      TransactionPageSchema,
      await (await call(`/api/transactions?merchantID.eq=${ACME}&status=SETTLED&limit=1`)).json(),
    ).data.items[0]
    if (!listed) throw new Error('no settled transaction')
    const refund = await call(`/api/transactions/${listed.id}/refund`, owner, {
      method: 'POST',
      body: { amount: 1_234 },
      key: `settlement-test-${listed.id}`,
    })
    expect(refund.status).toBe(200)
    const after = (await report(today, today)).items[0]
    expect(after?.status).toBe('OPEN')
    expect(after?.amounts.refunded).toBe((before?.amounts.refunded ?? 0) + 1_234)
    expect(after?.entryCount).toBe((before?.entryCount ?? 0) + 1)
    if (!after) throw new Error('no batch today')
    const refundEntry = (await entries(after.id)).find(
      (entry) => entry.transactionId === listed.id && entry.type === 'REFUNDED',
    )
    expect(refundEntry).toMatchObject({ amount: 1_234, fee: 0, net: -1_234 })
  })

  it('is for any signed-in user of the merchant, never another merchant’s nor the bank brand’s', async () => {
    const control = createControl(sandbox.apiUrl)
    const today = todayIn(ZONE)
    const viewer = (await control.session('viewer@acme.test')).portalToken
    expect((await call(reportPath(today, today), viewer)).status).toBe(200)

    const harbor = (await control.session('manager@harbor.test')).portalToken
    const bank = await call(reportPath(today, today, MERCHANT_IDS.harbor), harbor)
    expect(bank.status).toBe(403)
    expect(v.parse(ErrorBodySchema, await bank.json()).error.code).toBe('forbidden')

    const ops = (await control.session('ops@provider.test')).portalToken
    expect((await call(reportPath(today, today), ops)).status).toBe(403)
    expect((await call(reportPath(today, today, MERCHANT_IDS.globex))).status).toBe(403)

    // Another merchant's settlement (same date, its own code) is not found with Acme's token.
    const globex = (await control.session('ops@provider.test', MERCHANT_IDS.globex)).portalToken
    const theirs = v.parse(
      SettlementReportSchema,
      await (await call(reportPath(addDays(today, -7), today, MERCHANT_IDS.globex), globex)).json(),
    ).data.items[1]
    if (!theirs) throw new Error('no Globex settlement')
    expect((await call(`/api/settlements/${theirs.id}/transactions`)).status).toBe(404)
    expect((await call(`/api/settlements/${theirs.id}/transactions`, globex)).status).toBe(200)
    expect((await call('/api/settlements/ST-20200101-0000/transactions')).status).toBe(404)
  })
})
