import * as v from 'valibot'
import { dataOf, isoDate, opaqueId, paged } from './common'

/**
 * Targeting exports: files of a merchant's marketing-eligible customers (those who opted in to the
 * merchant's marketing and made an approved purchase in the program within the range), built by the
 * platform in the background. A job is QUEUED, then RUNNING with a percentage, then READY to download
 * or FAILED with a reason.
 *
 * Calendar dates travel as `yyyy-MM-dd` (the range is read in the merchant's time zone) and parse into
 * Dates at midnight UTC (CONTRACT section 3).
 */

/** The longest range, in calendar days with both ends included, one export may cover. */
export const TARGETING_MAX_DAYS = 366

export const TARGETING_EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED'] as const
export const TargetingExportStatusSchema = v.picklist(TARGETING_EXPORT_STATUSES)
export type TargetingExportStatus = v.InferOutput<typeof TargetingExportStatusSchema>

/** Statuses after which a job never changes again. */
export const FINISHED_EXPORT_STATUSES: readonly TargetingExportStatus[] = ['READY', 'FAILED']

const count = v.pipe(v.number(), v.integer(), v.minValue(0))

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
  rowCount: v.nullable(count),
  /** Why the job failed, in words for the merchant. */
  failureReason: v.nullable(v.string()),
  requestedBy: v.string(),
  createdAt: isoDate,
  completedAt: v.nullable(isoDate),
})
export type TargetingExport = v.InferOutput<typeof TargetingExportSchema>

export const TargetingExportResponseSchema = dataOf(TargetingExportSchema)
export const TargetingExportPageSchema = paged(TargetingExportSchema)
export type TargetingExportPage = v.InferOutput<typeof TargetingExportPageSchema>['data']

const calendarDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as yyyy-MM-dd'))

/** Body of POST /api/targeting-exports: the range (inclusive) and the program. */
export const TargetingExportRequestSchema = v.object({
  merchantID: opaqueId,
  programID: opaqueId,
  from: calendarDate,
  to: calendarDate,
})
export type TargetingExportRequest = v.InferOutput<typeof TargetingExportRequestSchema>

/**
 * The file of a READY export. It travels inside JSON so that the portal fetches it like every other
 * call (bearer token in a header, never in a URL) and saves it from memory.
 */
export const TargetingExportFileSchema = dataOf(
  v.object({
    fileName: v.pipe(v.string(), v.regex(/^[\w.-]+\.csv$/)),
    contentType: v.literal('text/csv'),
    rowCount: count,
    content: v.string(),
  }),
)
export type TargetingExportFile = v.InferOutput<typeof TargetingExportFileSchema>['data']

/** The platform's error code when a file is asked for before the job is READY. */
export const EXPORT_NOT_READY = 'export_not_ready'

/** The largest page of past exports the platform answers. */
export const TARGETING_EXPORT_PAGE_LIMIT = 100
