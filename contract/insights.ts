import * as v from 'valibot'
import { dataOf, isoDate, opaqueId } from './common'
import { ChannelSchema } from './programs'
import { INSIGHT_INTERVALS, INSIGHT_MAX_DAYS } from './values'

/**
 * Insights: a merchant's transactions summed over a range of calendar dates in the merchant's time
 * zone, with the period of equal length just before it, and the range cut into days or weeks.
 *
 * - orders and volume: approved transactions (every status but DECLINED) by the day they were made,
 *   and their authorized amounts;
 * - attempts: every transaction made, declined ones included (approval rate = orders / attempts);
 * - refunds and refunded: refunds by the day the money went back, and their amounts.
 *
 * Calendar dates travel as `yyyy-MM-dd` and parse into Dates at midnight UTC, the way the portal sends
 * them (CONTRACT section 3).
 */
export { INSIGHT_INTERVALS, INSIGHT_MAX_DAYS }
export const InsightIntervalSchema = v.picklist(INSIGHT_INTERVALS)
export type InsightInterval = v.InferOutput<typeof InsightIntervalSchema>

const cents = v.pipe(v.number(), v.integer(), v.minValue(0))
const count = v.pipe(v.number(), v.integer(), v.minValue(0))

export const InsightRangeSchema = v.object({ from: isoDate, to: isoDate })

export const InsightTotalsSchema = v.object({
  volume: cents,
  orders: count,
  attempts: count,
  refunded: cents,
  refunds: count,
})
export type InsightTotals = v.InferOutput<typeof InsightTotalsSchema>

export const InsightSeriesValueSchema = v.object({ volume: cents, orders: count })

export const InsightBucketSchema = v.object({
  from: isoDate,
  to: isoDate,
  totals: InsightTotalsSchema,
  /** One entry per program of `programs`, in the same order. */
  programs: v.array(InsightSeriesValueSchema),
  /** One entry per channel of `channels`, in the same order. */
  channels: v.array(InsightSeriesValueSchema),
})
export type InsightBucket = v.InferOutput<typeof InsightBucketSchema>

export const InsightProgramSchema = v.object({ programID: opaqueId, channel: ChannelSchema })

export const InsightsSchema = v.object({
  merchantID: opaqueId,
  timeZone: v.string(),
  currency: v.literal('USD'),
  interval: InsightIntervalSchema,
  range: InsightRangeSchema,
  previousRange: InsightRangeSchema,
  totals: InsightTotalsSchema,
  previousTotals: InsightTotalsSchema,
  /** The programs with transactions in the range (the series split by program). */
  programs: v.array(InsightProgramSchema),
  /** Their channels, ECOMM first (the series split by channel). */
  channels: v.array(ChannelSchema),
  buckets: v.array(InsightBucketSchema),
})
export type Insights = v.InferOutput<typeof InsightsSchema>

export const InsightsResponseSchema = dataOf(InsightsSchema)
