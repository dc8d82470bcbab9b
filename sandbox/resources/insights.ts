import { Hono } from 'hono'
import * as v from 'valibot'
import {
  INSIGHT_INTERVALS,
  INSIGHT_MAX_DAYS,
  type InsightInterval,
  InsightsResponseSchema,
  type InsightsSchema,
} from '../../contract/insights'
import type { Channel } from '../../contract/programs'
import type { ApiEnv } from '../api/env'
import { refuseOtherMerchant } from '../api/guards'
import { sendError, sendValidated } from '../api/http'
import { parseCalendarDate } from '../shared/calendar'
import {
  bucketOfDay,
  bucketRanges,
  type DateRange,
  dayIndexOf,
  dayStarts,
  previousRange,
  rangeLength,
} from './insight-periods'
import { defineResource } from './resource'
import type { MerchantLedger, TransactionRecord } from './transactions-ledger'

/*
 * Insights sum up the transactions resource's own ledgers on every call, so a refund made through the
 * API shows at once. Days are the merchant's calendar days (23 or 25 hours long around daylight-saving
 * changes); one pass over the transactions of the two periods and one over the refunded ones take a
 * few milliseconds for Acme Outdoor's 50 000.
 */

type InsightsWire = v.InferInput<typeof InsightsSchema>

export interface InsightsData {
  /** A merchant's ledger: the transactions resource's, not a copy. */
  ledger(merchantID: string): MerchantLedger | undefined
}

interface Totals {
  volume: number
  orders: number
  attempts: number
  refunded: number
  refunds: number
}

interface SeriesValue {
  volume: number
  orders: number
}

const zeroTotals = (): Totals => ({ volume: 0, orders: 0, attempts: 0, refunded: 0, refunds: 0 })
const zeroValue = (): SeriesValue => ({ volume: 0, orders: 0 })

export interface InsightsQuery {
  range: DateRange
  interval: InsightInterval
}

/** The index of the newest transaction made before `instant` (records are newest first). */
function firstBefore(records: readonly TransactionRecord[], instant: number): number {
  let low = 0
  let high = records.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((records[middle] as TransactionRecord).createdAt >= instant) low = middle + 1
    else high = middle
  }
  return low
}

/** Refunds made on a transaction: those before the sandbox's anchor and those made through the API since. */
function* refundsOf(record: TransactionRecord): Generator<{ at: number; amount: number }> {
  for (const event of record.history.refunds ?? []) yield event
  for (const event of record.actions ?? []) if (event.type === 'REFUNDED') yield event
}

const CHANNEL_ORDER: readonly Channel[] = ['ECOMM', 'INSTORE']

/** The insights of a range and of the period of equal length before it, as the API answers them. */
export function aggregateInsights(
  ledger: MerchantLedger,
  merchantID: string,
  { range, interval }: InsightsQuery,
): InsightsWire {
  const previous = previousRange(range)
  const previousDays = rangeLength(previous)
  // One run of day starts covers both periods: the previous one's days come first.
  const starts = dayStarts({ from: previous.from, to: range.to }, ledger.timeZone)
  const start = starts[0] ?? 0
  const end = starts[starts.length - 1] ?? 0
  const buckets = bucketRanges(range, interval)
  const bucketOf = bucketOfDay(buckets)

  const totals = zeroTotals()
  const previousTotals = zeroTotals()
  const bucketTotals = buckets.map(zeroTotals)
  const byProgram = new Map<string, { channel: Channel; values: SeriesValue[] }>()
  const byChannel = new Map<Channel, SeriesValue[]>()

  /** The totals an instant counts in: its period's and, in the range, its bucket's; null outside both. */
  const totalsAt = (instant: number): { targets: Totals[]; bucket: number } | null => {
    const day = dayIndexOf(instant, starts)
    if (day < 0) return null
    if (day < previousDays) return { targets: [previousTotals], bucket: -1 }
    const bucket = bucketOf[day - previousDays] ?? 0
    return { targets: [totals, bucketTotals[bucket] ?? zeroTotals()], bucket }
  }

  const { records } = ledger
  for (let index = firstBefore(records, end); index < records.length; index++) {
    const record = records[index] as TransactionRecord
    if (record.createdAt < start) break
    const placed = totalsAt(record.createdAt)
    if (!placed) continue
    const approved = record.status !== 'DECLINED'
    for (const target of placed.targets) {
      target.attempts += 1
      if (approved) {
        target.orders += 1
        target.volume += record.authorized
      }
    }
    if (placed.bucket < 0 || !approved) continue
    let program = byProgram.get(record.programID)
    if (!program) {
      program = { channel: record.channel, values: buckets.map(zeroValue) }
      byProgram.set(record.programID, program)
    }
    let channel = byChannel.get(record.channel)
    if (!channel) {
      channel = buckets.map(zeroValue)
      byChannel.set(record.channel, channel)
    }
    for (const series of [program.values, channel]) {
      const value = series[placed.bucket] as SeriesValue
      value.orders += 1
      value.volume += record.authorized
    }
  }

  // Refunds count on the day the money went back, which may be weeks after the order.
  for (const record of records) {
    if (record.refunded === 0) continue
    for (const refund of refundsOf(record)) {
      for (const target of totalsAt(refund.at)?.targets ?? []) {
        target.refunds += 1
        target.refunded += refund.amount
      }
    }
  }

  const programs = [...byProgram]
    .map(([programID, { channel }]) => ({ programID, channel }))
    .sort(
      (a, b) =>
        CHANNEL_ORDER.indexOf(a.channel) - CHANNEL_ORDER.indexOf(b.channel) ||
        a.programID.localeCompare(b.programID),
    )
  const channels = CHANNEL_ORDER.filter((channel) => byChannel.has(channel))
  return {
    merchantID,
    timeZone: ledger.timeZone,
    currency: 'USD',
    interval,
    range,
    previousRange: previous,
    totals,
    previousTotals,
    programs,
    channels,
    buckets: buckets.map((bucket, index) => ({
      ...bucket,
      totals: bucketTotals[index] ?? zeroTotals(),
      programs: programs.map(({ programID }) => byProgram.get(programID)?.values[index] ?? zeroValue()),
      channels: channels.map((channel) => byChannel.get(channel)?.[index] ?? zeroValue()),
    })),
  }
}

export const insights = defineResource({
  key: 'insights',
  generate: ({ need }) => {
    const transactions = need('transactions')
    return { ledger: (merchantID) => transactions.ledger(merchantID) } satisfies InsightsData
  },
  routes: ({ store }) =>
    new Hono<ApiEnv>().get('/merchant/:merchantID/insights', (c) => {
      // The same rule as the transaction list: any user whose token acts for the merchant.
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const ledger = store().insights.ledger(merchantID)
      if (!ledger) return sendError(c, 404, 'not_found', 'No such merchant.')

      const from = parseCalendarDate(c.req.query('from') ?? '')
      const to = parseCalendarDate(c.req.query('to') ?? '')
      if (!from || !to) {
        return sendError(
          c,
          400,
          'bad_request',
          "from and to are required calendar dates (yyyy-MM-dd) in the merchant's time zone.",
        )
      }
      if (from > to) return sendError(c, 400, 'bad_request', 'from must not be after to.')
      if (rangeLength({ from, to }) > INSIGHT_MAX_DAYS) {
        return sendError(c, 400, 'bad_request', `A range covers at most ${INSIGHT_MAX_DAYS} days.`)
      }
      const interval = c.req.query('interval') ?? 'day'
      if (!v.is(v.picklist(INSIGHT_INTERVALS), interval)) {
        return sendError(c, 400, 'bad_request', `interval must be one of ${INSIGHT_INTERVALS.join(', ')}.`)
      }
      return sendValidated(c, InsightsResponseSchema, {
        data: aggregateInsights(ledger, merchantID, { range: { from, to }, interval }),
      })
    }),
})
