import * as v from 'valibot'
import { TARGETING_EXPORT_STATUSES } from '../../../contract/targeting-exports'
import { dataOf, isoDate, nullOrAbsent, opaqueId, openPicklist, paged } from './common'

export * from '../../../contract/targeting-exports'

const count = v.pipe(v.number(), v.integer(), v.minValue(0))

/**
 * Targeting exports: files of a merchant's marketing-eligible customers (those who opted in to the
 * merchant's marketing and made an approved purchase in the program within the range), built by the
 * platform in the background. A job is QUEUED, then RUNNING with a percentage, then READY to download
 * or FAILED with a reason.
 *
 * Calendar dates travel as `yyyy-MM-dd` (the range is read in the merchant's time zone) and parse into
 * Dates at midnight UTC (CONTRACT section 3).
 */

export const TargetingExportStatusSchema = openPicklist(TARGETING_EXPORT_STATUSES)
export type TargetingExportStatus = (typeof TARGETING_EXPORT_STATUSES)[number]

/** Statuses after which a job never changes again. */
export const FINISHED_EXPORT_STATUSES: readonly TargetingExportStatus[] = ['READY', 'FAILED']

export const TargetingExportSchema = v.object({
  id: opaqueId,
  merchantID: opaqueId,
  programID: opaqueId,
  from: isoDate,
  to: isoDate,
  status: TargetingExportStatusSchema,
  /** 0–100; 100 only once READY. */
  progress: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  /** Customers in the file, once READY. */
  rowCount: nullOrAbsent(count),
  /** Why the job failed, in words for the merchant. */
  failureReason: nullOrAbsent(v.string()),
  requestedBy: v.string(),
  createdAt: isoDate,
  completedAt: nullOrAbsent(isoDate),
})
export type TargetingExport = v.InferOutput<typeof TargetingExportSchema>

export const TargetingExportResponseSchema = dataOf(TargetingExportSchema)
export const TargetingExportPageSchema = paged(TargetingExportSchema)
export type TargetingExportPage = v.InferOutput<typeof TargetingExportPageSchema>['data']
