import type * as v from 'valibot'
import type { Channel } from '../../contract/programs'
import { SETTLEMENT_ID_PATTERN } from '../../contract/settlement-id'
import type { SettlementEntrySchema, SettlementSchema, SettlementStatus } from '../../contract/settlements'
import {
  addDays,
  type CalendarDate,
  dayStartIn,
  daysBetween,
  parseCalendarDate,
  weekdayOf,
} from '../shared/calendar'
import { type Movement, movementsIn } from './settlements-movements'
import type { MerchantLedger, TransactionsData } from './transactions-ledger'

/*
 * A settlement report: one batch per calendar day in the merchant's time zone (23 or 25 hours around
 * daylight-saving changes) holding every settlement and refund whose instant falls in that day, paid
 * out on the next business day (Monday to Friday; the sandbox knows no bank holidays). Fees are a
 * per-program merchant discount rate drawn from the seed, charged on settled amounts and not returned
 * on refunds.
 */

type SettlementWire = v.InferInput<typeof SettlementSchema>
type EntryWire = v.InferInput<typeof SettlementEntrySchema>

export interface SettlementsData {
  /** The transactions resource's ledgers (not copies). */
  transactions: TransactionsData
  /** The merchant discount rate of a program, in basis points. */
  feeBps(programID: string, channel: Channel): number
}

function feeOf(movement: Movement, data: SettlementsData): { bps: number; fee: number } {
  if (movement.type === 'REFUNDED') return { bps: 0, fee: 0 }
  const bps = data.feeBps(movement.record.programID, movement.record.channel)
  return { bps, fee: Math.round((movement.amount * bps) / 10_000) }
}

/** The first business day after `date` (Saturday and Sunday skipped). */
export function nextBusinessDay(date: CalendarDate): CalendarDate {
  let next = addDays(date, 1)
  for (;;) {
    const weekday = weekdayOf(next)
    if (weekday !== 0 && weekday !== 6) return next
    next = addDays(next, 1)
  }
}

export function settlementStatus(
  date: CalendarDate,
  payoutDate: CalendarDate,
  today: CalendarDate,
): SettlementStatus {
  if (date >= today) return 'OPEN'
  return payoutDate > today ? 'IN_TRANSIT' : 'PAID'
}

function merchantCode(merchantID: string): string {
  let hash = 2_166_136_261
  for (let i = 0; i < merchantID.length; i++) {
    hash ^= merchantID.charCodeAt(i)
    hash = Math.imul(hash, 16_777_619)
  }
  return ((hash >>> 0) % 0x10000).toString(16).toUpperCase().padStart(4, '0')
}

/** `ST-20240310-1A2B`: the batch's date and a code of its merchant, so ids differ between merchants. */
export function settlementId(merchantID: string, date: CalendarDate): string {
  return `ST-${date.replaceAll('-', '')}-${merchantCode(merchantID)}`
}

/** The date a settlement id names when it is one of this merchant's, else null. */
export function settlementDateOf(merchantID: string, id: string): CalendarDate | null {
  if (!SETTLEMENT_ID_PATTERN.test(id) || !id.endsWith(`-${merchantCode(merchantID)}`)) return null
  return parseCalendarDate(`${id.slice(3, 7)}-${id.slice(7, 9)}-${id.slice(9, 11)}`)
}

interface Batch {
  settled: number
  refunded: number
  fees: number
  entries: number
}

export interface SettlementReportQuery {
  merchantID: string
  from: CalendarDate
  to: CalendarDate
  /** The merchant's today, which decides OPEN, IN_TRANSIT and PAID. */
  today: CalendarDate
}

/** The batches of a range of calendar dates, newest first, with their totals. */
export function settlementReport(
  ledger: MerchantLedger,
  data: SettlementsData,
  query: SettlementReportQuery,
) {
  const { merchantID, from, to, today } = query
  const { timeZone } = ledger
  const dayCount = daysBetween(from, to) + 1
  const dates = Array.from({ length: dayCount }, (_, index) => addDays(from, index))
  const starts = [...dates, addDays(to, 1)].map((date) => dayStartIn(date, timeZone))
  const batches: (Batch | undefined)[] = new Array(dayCount)

  const dayOf = (at: number): number => {
    // The last start at or before `at`: days are 23 to 25 hours long, so no division will do.
    let low = 0
    let high = dayCount - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((starts[middle] as number) <= at) low = middle
      else high = middle - 1
    }
    return low
  }

  movementsIn(ledger, starts[0] as number, starts[dayCount] as number, (movement) => {
    const index = dayOf(movement.at)
    let batch = batches[index]
    if (!batch) {
      batch = { settled: 0, refunded: 0, fees: 0, entries: 0 }
      batches[index] = batch
    }
    batch.entries += 1
    if (movement.type === 'REFUNDED') batch.refunded += movement.amount
    else {
      batch.settled += movement.amount
      batch.fees += feeOf(movement, data).fee
    }
  })

  const items: SettlementWire[] = []
  const totals: Batch = { settled: 0, refunded: 0, fees: 0, entries: 0 }
  for (let index = dayCount - 1; index >= 0; index--) {
    const batch = batches[index]
    const date = dates[index]
    if (!batch || !date) continue
    totals.settled += batch.settled
    totals.refunded += batch.refunded
    totals.fees += batch.fees
    totals.entries += batch.entries
    const payoutDate = nextBusinessDay(date)
    items.push({
      id: settlementId(merchantID, date),
      merchantID,
      date,
      periodStart: new Date(starts[index] as number).toISOString(),
      periodEnd: new Date(starts[index + 1] as number).toISOString(),
      status: settlementStatus(date, payoutDate, today),
      payoutDate,
      currency: 'USD',
      entryCount: batch.entries,
      amounts: {
        settled: batch.settled,
        refunded: batch.refunded,
        fees: batch.fees,
        net: batch.settled - batch.refunded - batch.fees,
      },
    })
  }
  return {
    from,
    to,
    timeZone,
    items,
    totals: {
      settlements: items.length,
      entries: totals.entries,
      amounts: {
        settled: totals.settled,
        refunded: totals.refunded,
        fees: totals.fees,
        net: totals.settled - totals.refunded - totals.fees,
      },
    },
  }
}

/** One batch's entries, oldest first (ties in ledger order, so pages never overlap). */
export function settlementEntries(
  ledger: MerchantLedger,
  data: SettlementsData,
  date: CalendarDate,
): EntryWire[] {
  const start = dayStartIn(date, ledger.timeZone)
  const end = dayStartIn(addDays(date, 1), ledger.timeZone)
  const found: Movement[] = []
  movementsIn(ledger, start, end, (movement) => found.push(movement))
  // A stable sort: equal instants keep ledger order.
  found.sort((a, b) => a.at - b.at)
  return found.map((movement) => {
    const { record } = movement
    const { bps, fee } = feeOf(movement, data)
    return {
      transactionId: record.id,
      orderId: record.orderId,
      customerName: record.customerName,
      programID: record.programID,
      channel: record.channel,
      type: movement.type,
      at: new Date(movement.at).toISOString(),
      amount: movement.amount,
      feeBps: bps,
      fee,
      net: movement.type === 'REFUNDED' ? -movement.amount : movement.amount - fee,
    }
  })
}
