import * as v from 'valibot'
import {
  INSIGHT_INTERVALS,
  InsightBucketSchema,
  InsightRangeSchema,
  InsightTotalsSchema,
} from '../../../contract/insights'
import { currencyCode, dataOf, opaqueId } from './common'
import { ChannelSchema } from './programs'

export * from '../../../contract/insights'

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
export const InsightIntervalSchema = v.picklist(INSIGHT_INTERVALS)
export type InsightInterval = v.InferOutput<typeof InsightIntervalSchema>

export const InsightsSchema = v.object({
  merchantID: opaqueId,
  timeZone: v.string(),
  currency: currencyCode,
  interval: InsightIntervalSchema,
  range: InsightRangeSchema,
  previousRange: InsightRangeSchema,
  totals: InsightTotalsSchema,
  previousTotals: InsightTotalsSchema,
  /** The programs with transactions in the range (the series split by program). */
  programs: v.array(v.object({ programID: opaqueId, channel: ChannelSchema })),
  /** Their channels, ECOMM first (the series split by channel). */
  channels: v.array(ChannelSchema),
  buckets: v.array(InsightBucketSchema),
})
export type Insights = v.InferOutput<typeof InsightsSchema>

export const InsightsResponseSchema = dataOf(InsightsSchema)
