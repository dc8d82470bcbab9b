import * as v from 'valibot'
import { dataOf } from '../../../contract/common'
import { InsightProgramSchema, InsightsSchema } from '../../../contract/insights'
import { currencyCode } from './common'
import { ChannelReader } from './programs'

/** Currency comes from the data; a channel the portal does not know is kept as text. */
const InsightsReader = v.object({
  ...InsightsSchema.entries,
  currency: currencyCode,
  programs: v.array(v.object({ ...InsightProgramSchema.entries, channel: ChannelReader })),
  channels: v.array(ChannelReader),
})
export type Insights = v.InferOutput<typeof InsightsReader>
export type InsightBucket = Insights['buckets'][number]
export type InsightTotals = Insights['totals']

export const InsightsResponseReader = dataOf(InsightsReader)
