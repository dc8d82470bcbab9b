import type { TargetingExportStatus } from '../../contract/targeting-exports'
import type { Random } from '../data/random'
import { addDays, type CalendarDate, dateIn } from '../shared/calendar'
import type { MerchantRecord } from './merchants'
import type { TransactionsData } from './transactions-ledger'

/*
 * Export jobs and their clock. A job's state is worked out from the clock whenever it is read, never
 * by a timer. It is QUEUED for the first fifth of its run, RUNNING with a percentage until the run
 * ends, then READY. The run lasts SANDBOX_EXPORT_MS milliseconds (read when the job is created;
 * default 4000), so tests can make it short and a person trying the portal can watch the bar move. The
 * first use of a merchant seeds a few past exports (one of them FAILED), so the history is never empty
 * and shows every outcome.
 */

const DEFAULT_EXPORT_MS = 4_000
const MAX_EXPORT_MS = 10 * 60_000
const DAY = 24 * 60 * 60 * 1000
const FAILURE_REASON = 'The export stopped before it finished. Request it again.'

export interface ExportJob {
  id: string
  merchantID: string
  programID: string
  from: CalendarDate
  to: CalendarDate
  requestedBy: string
  createdAt: number
  /** How long the run takes from creation to READY (or to FAILED). */
  durationMs: number
  /** Set for a job that fails when its run ends, at this percentage. */
  failure: { reason: string; atProgress: number } | null
  /** Worked out once, when the job is first seen READY. */
  rowCount: number | null
}

export interface TargetingExportsData {
  /** The transactions resource's ledgers (not copies). */
  transactions: TransactionsData
  /** A merchant's exports, newest first, seeded on first use; undefined for an unknown merchant. */
  jobs(merchantID: string): ExportJob[] | undefined
}

/** How long a new job runs: SANDBOX_EXPORT_MS when it is a whole number of ms up to ten minutes. */
export function exportDuration(): number {
  const raw = typeof process === 'undefined' ? undefined : process.env.SANDBOX_EXPORT_MS
  const value = raw === undefined ? Number.NaN : Number(raw)
  return Number.isInteger(value) && value >= 0 && value <= MAX_EXPORT_MS ? value : DEFAULT_EXPORT_MS
}

export interface JobState {
  status: TargetingExportStatus
  progress: number
  completedAt: number | null
}

/** Where a job stands at `now`. */
export function jobState(job: ExportJob, now: number): JobState {
  const elapsed = now - job.createdAt
  const queued = job.durationMs / 5
  if (elapsed >= job.durationMs) {
    const completedAt = job.createdAt + job.durationMs
    if (job.failure) return { status: 'FAILED', progress: job.failure.atProgress, completedAt }
    return { status: 'READY', progress: 100, completedAt }
  }
  if (elapsed < queued) return { status: 'QUEUED', progress: 0, completedAt: null }
  const progress = Math.floor(((elapsed - queued) / (job.durationMs - queued)) * 100)
  const capped = Math.min(progress, job.failure ? job.failure.atProgress : 99)
  return { status: 'RUNNING', progress: Math.max(1, capped), completedAt: null }
}

/** A few finished exports before the anchor, newest first; the third one failed. */
export function seedJobs(
  random: Random,
  merchant: MerchantRecord,
  programIDs: readonly string[],
  now: number,
): ExportJob[] {
  if (programIDs.length === 0) return []
  const requestedBy = `owner@${merchant.name.split(' ')[0]?.toLowerCase() ?? 'merchant'}.test`
  return [2, 9, 16, 31, 47].map((daysAgo, index) => {
    const createdAt = now - daysAgo * DAY - random.int(1, 8 * 60) * 60_000
    const to = addDays(dateIn(createdAt, merchant.timeZone), -1)
    const from = addDays(to, -random.pick([6, 29, 29, 89]))
    return {
      id: random.uuid(),
      merchantID: merchant.id,
      programID: random.pick(programIDs),
      from,
      to,
      requestedBy,
      createdAt,
      durationMs: random.int(20, 180) * 1_000,
      failure: index === 2 ? { reason: FAILURE_REASON, atProgress: random.int(20, 80) } : null,
      rowCount: null,
    }
  })
}
