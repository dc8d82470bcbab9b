// @vitest-environment node
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BusinessProfileResponseSchema } from '../../contract/settings'
import {
  type SettlementEntry,
  SettlementEntryPageSchema,
  type SettlementReport,
  SettlementReportSchema,
} from '../../contract/settlements'
import { type TransactionListItem, TransactionPageSchema } from '../../contract/transactions'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { ENTRIES_CSV_HEADER, entriesCsv } from '../../src/features/settlements/settlements-csv'
import { addDays, calendarDateIn, type IsoDate, todayIn } from '../../src/shared/calendar'
import { parseCsv } from '../../src/shared/csv'
import { fileSandbox } from '../support/sandbox'
import { startOfDayIn } from '../support/zone-midnight'
import { apiHeaders } from './sandbox/helpers'

/*
 * Where a merchant's day begins, on the days daylight saving changes the clock, worked out by each
 * side with its own code (src/shared/calendar.ts in the portal, sandbox/shared/calendar.ts in the
 * sandbox) and checked against midnights written down by hand from the zones' rules. Refunds are made
 * one millisecond either side of each midnight; the sandbox must put each in the right day's
 * settlement, and the portal must date it on that day in the file it saves. A boundary an hour off on
 * either side (UTC midnight, a 24-hour day, the offset of the wrong side of the change) fails here.
 */

interface DstDay {
  date: IsoDate
  /** Local midnight starting the date, and the next one, as UTC instants. */
  start: string
  next: string
}

/** New York and London in the northern hemisphere (London at UTC in winter), Sydney in the southern. */
const ZONES: readonly { zone: string; days: readonly DstDay[] }[] = [
  {
    zone: 'America/New_York',
    days: [
      // 02:00 EST becomes 03:00 EDT: 23 hours.
      { date: '2026-03-08', start: '2026-03-08T05:00:00.000Z', next: '2026-03-09T04:00:00.000Z' },
      // 02:00 EDT becomes 01:00 EST: 25 hours.
      { date: '2025-11-02', start: '2025-11-02T04:00:00.000Z', next: '2025-11-03T05:00:00.000Z' },
    ],
  },
  {
    zone: 'Europe/London',
    days: [
      // 01:00 GMT becomes 02:00 BST: the day starts at UTC midnight and ends an hour before the next.
      { date: '2026-03-29', start: '2026-03-29T00:00:00.000Z', next: '2026-03-29T23:00:00.000Z' },
      // 02:00 BST becomes 01:00 GMT: the day starts an hour before UTC midnight.
      { date: '2025-10-26', start: '2025-10-25T23:00:00.000Z', next: '2025-10-27T00:00:00.000Z' },
    ],
  },
  {
    zone: 'Australia/Sydney',
    days: [
      // 03:00 AEDT becomes 02:00 AEST in April: 25 hours.
      { date: '2026-04-05', start: '2026-04-04T13:00:00.000Z', next: '2026-04-05T14:00:00.000Z' },
      // 02:00 AEST becomes 03:00 AEDT in October: 23 hours.
      { date: '2025-10-05', start: '2025-10-04T14:00:00.000Z', next: '2025-10-05T13:00:00.000Z' },
    ],
  },
]

const ACME = MERCHANT_IDS.acme
// Generated data counts back two years from here, so every day above has transactions and settlements.
const ANCHOR = '2026-06-15T18:00:00.000Z'
const previousAnchor = process.env.SANDBOX_NOW

const sandbox = fileSandbox()
let owner: string

beforeAll(async () => {
  process.env.SANDBOX_NOW = ANCHOR
  sandbox.reset()
  owner = (await sandbox.control.session('owner@acme.test')).portalToken
})
afterAll(() => {
  if (previousAnchor === undefined) delete process.env.SANDBOX_NOW
  else process.env.SANDBOX_NOW = previousAnchor
})

async function call(path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const response = await fetch(`${sandbox.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: apiHeaders(owner, init.key ? { 'Idempotency-Key': init.key } : {}),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  expect(response.status, `${init.method ?? 'GET'} ${path}: ${await response.clone().text()}`).toBeLessThan(
    300,
  )
  return response.json()
}

/** Acme's time zone, set as a merchant sets it: through the business profile. */
async function moveAcmeTo(zone: string): Promise<void> {
  const path = `/api/merchant/${ACME}/business-profile`
  const profile = v.parse(BusinessProfileResponseSchema, await call(path)).data
  await call(path, { method: 'PUT', body: { ...profile, timeZone: zone } })
}

/** Every transaction the list gives for the query (at most one page of 500). */
async function transactions(query: Record<string, string>): Promise<TransactionListItem[]> {
  const params = new URLSearchParams({ 'merchantID.eq': ACME, limit: '500', ...query })
  const page = v.parse(TransactionPageSchema, await call(`/api/transactions?${params}`)).data
  expect(page.items).toHaveLength(page.pagination.total)
  return page.items
}

/** Settled transactions from before `date`, newest first. */
async function settledBefore(date: IsoDate, count: number): Promise<string[]> {
  const params = new URLSearchParams({
    'merchantID.eq': ACME,
    status: 'SETTLED',
    to: addDays(date, -2),
    limit: String(count),
  })
  const page = v.parse(TransactionPageSchema, await call(`/api/transactions?${params}`)).data
  expect(page.items).toHaveLength(count)
  return page.items.map((item) => item.id)
}

/** A refund of one cent made at `at`, as the platform's clock tells it. */
async function refundAt(transactionId: string, at: number): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(at)
  try {
    await call(`/api/transactions/${transactionId}/refund`, {
      method: 'POST',
      body: { amount: 1 },
      key: `boundary-${transactionId}-${at}`,
    })
  } finally {
    vi.useRealTimers()
  }
}

async function report(from: IsoDate, to: IsoDate): Promise<SettlementReport> {
  const params = new URLSearchParams({ 'merchantID.eq': ACME, from, to })
  return v.parse(SettlementReportSchema, await call(`/api/settlements?${params}`)).data
}

async function entries(settlementId: string): Promise<SettlementEntry[]> {
  const all: SettlementEntry[] = []
  for (;;) {
    const params = new URLSearchParams({ offset: String(all.length), limit: '500' })
    const page = v.parse(
      SettlementEntryPageSchema,
      await call(`/api/settlements/${settlementId}/transactions?${params}`),
    ).data
    all.push(...page.items)
    if (page.items.length === 0 || all.length >= page.pagination.total) return all
  }
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10)

describe.each(ZONES)('day boundaries in $zone', ({ zone, days }) => {
  beforeAll(async () => {
    await moveAcmeTo(zone)
  })

  describe.each(days)('on $date', ({ date, start, next }) => {
    const dayStart = Date.parse(start)
    const dayEnd = Date.parse(next)
    const before = addDays(date, -1)
    const after = addDays(date, 1)

    it('the portal starts and ends the day at local midnight', () => {
      expect(new Date(startOfDayIn(date, zone)).toISOString()).toBe(start)
      expect(new Date(startOfDayIn(after, zone)).toISOString()).toBe(next)
      expect(calendarDateIn(dayStart - 1, zone)).toBe(before)
      expect(calendarDateIn(dayStart, zone)).toBe(date)
      expect(calendarDateIn(dayEnd - 1, zone)).toBe(date)
      expect(calendarDateIn(dayEnd, zone)).toBe(after)
      // What the date filters offer as "today" turns over at the same instant.
      expect(todayIn(zone, dayStart - 1)).toBe(before)
      expect(todayIn(zone, dayStart)).toBe(date)
    })

    it('the sandbox settles a refund a millisecond either side of midnight on the right day, and the portal’s file dates it so', async () => {
      // Four settled transactions from before these days, refunded at the edges of the day.
      const ids = await settledBefore(date, 4)
      const made = [dayStart - 1, dayStart, dayEnd - 1, dayEnd].map((at, index) => ({ at, id: ids[index] }))
      for (const refund of made) await refundAt(refund.id ?? '', refund.at)

      const batches = await report(before, after)
      expect(batches.timeZone).toBe(zone)
      const byDate = new Map(batches.items.map((batch) => [isoDate(batch.date), batch]))
      expect([...byDate.keys()].sort()).toEqual([before, date, after])
      const day = byDate.get(date)
      expect(day?.periodStart.toISOString()).toBe(start)
      expect(day?.periodEnd.toISOString()).toBe(next)
      expect(byDate.get(before)?.periodEnd.toISOString()).toBe(start)
      expect(byDate.get(after)?.periodStart.toISOString()).toBe(next)

      const expectedDay = [before, date, date, after]
      for (const batch of batches.items) {
        const held = await entries(batch.id)
        expect(held).toHaveLength(batch.entryCount)
        const batchDate = isoDate(batch.date)
        // The sandbox's day: the boundary refunds are where the hand-written midnights put them.
        made.forEach((refund, index) => {
          const found = held.some(
            (entry) =>
              entry.transactionId === refund.id &&
              entry.type === 'REFUNDED' &&
              entry.at.getTime() === refund.at,
          )
          expect(found, `refund at ${new Date(refund.at).toISOString()} in ${batchDate}`).toBe(
            expectedDay[index] === batchDate,
          )
        })
        // The portal's day: the file it saves for the batch dates every entry on the batch's date.
        const [header, ...rows] = parseCsv(entriesCsv(batch.id, held, zone))
        const dateColumn = header?.indexOf('date') ?? -1
        expect(header).toEqual([...ENTRIES_CSV_HEADER])
        expect(rows).toHaveLength(held.length)
        expect(new Set(rows.map((row) => row[dateColumn]))).toEqual(new Set([batchDate]))
      }
    })

    it('the sandbox lists each day’s transactions by its own calendar, as the portal dates them', async () => {
      const around = await transactions({ from: before, to: after })
      const perDay = await Promise.all(
        [after, date, before].map((day) => transactions({ from: day, to: day })),
      )
      // Newest first: the three days one after the other make up the three-day list, none lost or doubled.
      expect(perDay.flat().map((item) => item.id)).toEqual(around.map((item) => item.id))
      ;[after, date, before].forEach((day, index) => {
        const listed = perDay[index] ?? []
        expect(listed.length, day).toBeGreaterThan(0)
        expect(new Set(listed.map((item) => calendarDateIn(item.createdAt, zone)))).toEqual(new Set([day]))
      })
      for (const item of perDay[1] ?? []) {
        expect(item.createdAt.getTime()).toBeGreaterThanOrEqual(dayStart)
        expect(item.createdAt.getTime()).toBeLessThan(dayEnd)
      }
    })
  })
})
