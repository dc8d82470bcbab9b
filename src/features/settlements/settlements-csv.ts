import type { SettlementEntry, SettlementReport } from '../../api/schemas/settlements'
import { calendarDateIn } from '../../shared/calendar'
import { buildCsv } from '../../shared/csv'
import { plainAmount } from '../../shared/money'
import { isoDateOf } from './format'
import type { CalendarRange } from './range'

/*
 * The report's files, for spreadsheets rather than people: stable snake_case column names, plain
 * decimal amounts, dates as yyyy-MM-dd in the merchant's time zone (named in a column) and each
 * instant once more in UTC, so a file read elsewhere cannot be misread by a zone.
 */

export const SETTLEMENTS_CSV_HEADER = [
  'settlement_id',
  'date',
  'status',
  'payout_date',
  'transactions',
  'settled_usd',
  'refunded_usd',
  'fees_usd',
  'net_usd',
  'period_start_utc',
  'period_end_utc',
  'time_zone',
] as const

/** One line per settlement of the report, newest first, as listed. */
export function settlementsCsv(report: SettlementReport): string {
  return buildCsv(
    SETTLEMENTS_CSV_HEADER,
    report.items.map((settlement) => [
      settlement.id,
      isoDateOf(settlement.date),
      settlement.status,
      isoDateOf(settlement.payoutDate),
      settlement.entryCount,
      plainAmount(settlement.amounts.settled),
      plainAmount(settlement.amounts.refunded),
      plainAmount(settlement.amounts.fees),
      plainAmount(settlement.amounts.net),
      settlement.periodStart.toISOString(),
      settlement.periodEnd.toISOString(),
      report.timeZone,
    ]),
  )
}

export function settlementsFileName({ from, to }: CalendarRange): string {
  return `settlements-${from}-to-${to}.csv`
}

export const ENTRIES_CSV_HEADER = [
  'settlement_id',
  'transaction_id',
  'order_id',
  'customer',
  'program_id',
  'channel',
  'type',
  'date',
  'time',
  'at_utc',
  'amount_usd',
  'fee_bps',
  'fee_usd',
  'net_usd',
  'time_zone',
] as const

const clockFormatters = new Map<string, Intl.DateTimeFormat>()

/** `HH:mm:ss` on the wall clock of a time zone. */
export function wallTimeIn(instant: Date, timeZone: string): string {
  let formatter = clockFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    clockFormatters.set(timeZone, formatter)
  }
  const parts = formatter.formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00'
  return `${part('hour')}:${part('minute')}:${part('second')}`
}

/** One line per entry of a settlement: refunds carry a negative net, so a column sum is the payout. */
export function entriesCsv(
  settlementId: string,
  entries: readonly SettlementEntry[],
  timeZone: string,
): string {
  return buildCsv(
    ENTRIES_CSV_HEADER,
    entries.map((entry) => [
      settlementId,
      entry.transactionId,
      entry.orderId,
      entry.customerName,
      entry.programID,
      entry.channel,
      entry.type,
      calendarDateIn(entry.at, timeZone),
      wallTimeIn(entry.at, timeZone),
      entry.at.toISOString(),
      plainAmount(entry.amount),
      entry.feeBps,
      plainAmount(entry.fee),
      plainAmount(entry.net),
      timeZone,
    ]),
  )
}

export function entriesFileName(settlementId: string): string {
  return `settlement-${settlementId}.csv`
}
