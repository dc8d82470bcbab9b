import { Hono } from 'hono'
import type * as v from 'valibot'
import { ErrorBodySchema } from '../../contract/error'
import {
  EXPORT_NOT_READY,
  TARGETING_EXPORT_PAGE_LIMIT,
  TARGETING_MAX_DAYS,
  TargetingExportFileSchema,
  TargetingExportPageSchema,
  TargetingExportRequestSchema,
  TargetingExportResponseSchema,
  type TargetingExportSchema,
  type TargetingExportStatus,
} from '../../contract/targeting-exports'
import {
  addDays,
  calendarDateIn,
  daysBetween,
  type IsoDate,
  instantRangeIn,
  parseIsoDate,
  todayIn,
} from '../../src/shared/calendar'
import { buildCsv } from '../../src/shared/csv'
import { plainAmount } from '../../src/shared/money'
import type { ApiContext, ApiEnv } from '../api/env'
import { claimsOf, refuseNoMerchant, refuseQueriedMerchant } from '../api/guards'
import { readBody, readPage, sendError, sendValidated } from '../api/http'
import { newRecordId } from '../api/newer-platform'
import { findPersonaById } from '../data/personas'
import type { Random } from '../data/random'
import type { MerchantRecord } from './merchants'
import { liveParticipations, type ProgramsData } from './programs'
import { defineResource } from './resource'
import type { MerchantLedger, TransactionsData } from './transactions'

/*
 * Targeting exports: background jobs that write a CSV of a merchant's marketing-eligible customers.
 * A customer (one email address) is eligible for a range and a program when they opted in to the
 * merchant's marketing and made at least one approved (not declined) purchase in that program within
 * the range's calendar days in the merchant's time zone. Opt-in is a fixed fact per merchant and email,
 * drawn from a hash, so the same customers are eligible on every run.
 *
 * Time: a job's state is worked out from the clock whenever it is read, never by a timer. It is QUEUED
 * for the first fifth of its run, RUNNING with a percentage until the run ends, then READY. The run
 * lasts SANDBOX_EXPORT_MS milliseconds (read when the job is created; default 4000), so tests can make
 * it short and a person trying the portal can watch the bar move. The first use of a merchant seeds a
 * few past exports (one of them FAILED), so the history is never empty and shows every outcome.
 */

type JobWire = v.InferInput<typeof TargetingExportSchema>

export const DEFAULT_EXPORT_MS = 4_000
const MAX_EXPORT_MS = 10 * 60_000
const DAY = 24 * 60 * 60 * 1000
const OPT_IN_PERCENT = 42
const FAILURE_REASON = 'The export stopped before it finished. Request it again.'

export interface ExportJob {
  id: string
  merchantID: string
  programID: string
  from: IsoDate
  to: IsoDate
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

function hash(text: string): number {
  let value = 2_166_136_261
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i)
    value = Math.imul(value, 16_777_619)
  }
  return value >>> 0
}

/** Whether a customer agreed to hear from the merchant: fixed per merchant and email. */
export function hasOptedIn(merchantID: string, email: string): boolean {
  return hash(`opt-in ${merchantID} ${email}`) % 100 < OPT_IN_PERCENT
}

export function customerReference(merchantID: string, email: string): string {
  return `CU-${hash(`customer ${merchantID} ${email}`).toString(16).toUpperCase().padStart(8, '0')}`
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

interface EligibleCustomer {
  reference: string
  name: string
  email: string
  orders: number
  spent: number
  first: number
  last: number
}

/** The job's customers, by name then email. */
export function eligibleCustomers(ledger: MerchantLedger, job: ExportJob): EligibleCustomer[] {
  const { start, end } = instantRangeIn(job.from, job.to, ledger.timeZone)
  const byEmail = new Map<string, EligibleCustomer>()
  for (const record of ledger.records) {
    if (record.createdAt < start || record.createdAt >= end) continue
    if (record.programID !== job.programID || record.status === 'DECLINED') continue
    if (!hasOptedIn(job.merchantID, record.customerEmail)) continue
    const known = byEmail.get(record.customerEmail)
    if (known) {
      known.orders += 1
      known.spent += record.authorized
      known.first = Math.min(known.first, record.createdAt)
      known.last = Math.max(known.last, record.createdAt)
    } else {
      byEmail.set(record.customerEmail, {
        reference: customerReference(job.merchantID, record.customerEmail),
        name: record.customerName,
        email: record.customerEmail,
        orders: 1,
        spent: record.authorized,
        first: record.createdAt,
        last: record.createdAt,
      })
    }
  }
  return [...byEmail.values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'en') || a.email.localeCompare(b.email, 'en'),
  )
}

export const EXPORT_CSV_HEADER = [
  'customer_id',
  'name',
  'email',
  'program_id',
  'orders',
  'total_spent_usd',
  'first_order_date',
  'last_order_date',
  'last_order_at_utc',
  'time_zone',
] as const

/** The file: dates are calendar dates in the merchant's time zone, with the last order's UTC instant too. */
export function exportCsv(ledger: MerchantLedger, job: ExportJob): { rows: number; content: string } {
  const customers = eligibleCustomers(ledger, job)
  const rows = customers.map((customer) => [
    customer.reference,
    customer.name,
    customer.email,
    job.programID,
    customer.orders,
    plainAmount(customer.spent),
    calendarDateIn(customer.first, ledger.timeZone),
    calendarDateIn(customer.last, ledger.timeZone),
    new Date(customer.last).toISOString(),
    ledger.timeZone,
  ])
  return { rows: rows.length, content: buildCsv(EXPORT_CSV_HEADER, rows) }
}

export function exportFileName(job: ExportJob): string {
  return `targeting-export-${job.from}-to-${job.to}-${job.id.slice(0, 8)}.csv`
}

function jobWire(job: ExportJob, ledger: MerchantLedger, now: number): JobWire {
  const state = jobState(job, now)
  if (state.status === 'READY' && job.rowCount === null) job.rowCount = eligibleCustomers(ledger, job).length
  return {
    id: job.id,
    merchantID: job.merchantID,
    programID: job.programID,
    from: job.from,
    to: job.to,
    status: state.status,
    progress: state.progress,
    rowCount: state.status === 'READY' ? job.rowCount : null,
    failureReason: state.status === 'FAILED' ? (job.failure?.reason ?? null) : null,
    requestedBy: job.requestedBy,
    createdAt: new Date(job.createdAt).toISOString(),
    completedAt: state.completedAt === null ? null : new Date(state.completedAt).toISOString(),
  }
}

/** A few finished exports before the anchor, newest first; the third one failed. */
function seedJobs(
  random: Random,
  merchant: MerchantRecord,
  programIDs: readonly string[],
  now: number,
): ExportJob[] {
  if (programIDs.length === 0) return []
  const requestedBy = `owner@${merchant.name.split(' ')[0]?.toLowerCase() ?? 'merchant'}.test`
  return [2, 9, 16, 31, 47].map((daysAgo, index) => {
    const createdAt = now - daysAgo * DAY - random.int(1, 8 * 60) * 60_000
    const to = addDays(calendarDateIn(createdAt, merchant.timeZone), -1)
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

function refuse(c: ApiContext, status: 400 | 409, code: string, message: string): Response {
  return sendValidated(c, ErrorBodySchema, { error: { code, message } }, status)
}

export const targetingExports = defineResource({
  key: 'targetingExports',
  generate: ({ random, need }) => {
    const transactions = need('transactions')
    const merchants = need('merchants')
    const programs: ProgramsData = need('programs')
    const byMerchant = new Map<string, ExportJob[]>()
    return {
      transactions,
      jobs(merchantID) {
        const existing = byMerchant.get(merchantID)
        if (existing) return existing
        const merchant = merchants.find((candidate) => candidate.id === merchantID)
        if (!merchant) return undefined
        const programIDs = liveParticipations(programs, merchantID).map((p) => p.programID)
        const jobs = seedJobs(random.fork(merchantID), merchant, programIDs, transactions.now)
        byMerchant.set(merchantID, jobs)
        return jobs
      },
    } satisfies TargetingExportsData
  },
  routes: ({ store }) => {
    interface Found {
      merchant: MerchantRecord
      ledger: MerchantLedger
      jobs: ExportJob[]
    }

    /** The token's merchant, or why not: no merchant chosen, or the bank brand. */
    function merchantOf(c: ApiContext): Found | Response {
      const refused = refuseNoMerchant(c)
      if (refused) return refused
      const { cid } = claimsOf(c)
      const merchant = store().merchants.find((candidate) => candidate.id === cid)
      const ledger = store().targetingExports.transactions.ledger(cid)
      const jobs = store().targetingExports.jobs(cid)
      if (!merchant || !ledger || !jobs) return sendError(c, 404, 'not_found', 'No such merchant.')
      if (store().tenants.get(merchant.tenantID)?.brand === 'BANK') {
        return sendError(c, 403, 'forbidden', 'Targeting exports are not offered on this brand.')
      }
      return { merchant, ledger, jobs }
    }

    function findJob(c: ApiContext): { found: Found; job: ExportJob } | Response {
      const found = merchantOf(c)
      if (found instanceof Response) return found
      const job = found.jobs.find((candidate) => candidate.id === c.req.param('id'))
      return job ? { found, job } : sendError(c, 404, 'not_found', 'No such export.')
    }

    return new Hono<ApiEnv>()
      .get('/targeting-exports', (c) => {
        const refused = refuseQueriedMerchant(c)
        if (refused) return refused
        const found = merchantOf(c)
        if (found instanceof Response) return found
        const page = readPage(c, { defaultLimit: 20, max: TARGETING_EXPORT_PAGE_LIMIT })
        if (!page.ok) return page.response
        const { offset, limit } = page.value
        const now = Date.now()
        return sendValidated(c, TargetingExportPageSchema, {
          data: {
            items: found.jobs.slice(offset, offset + limit).map((job) => jobWire(job, found.ledger, now)),
            pagination: { offset, limit, total: found.jobs.length },
          },
        })
      })
      .post('/targeting-exports', async (c) => {
        const found = merchantOf(c)
        if (found instanceof Response) return found
        const body = await readBody(c, TargetingExportRequestSchema)
        if (!body.ok) return body.response
        const { merchantID, programID } = body.value
        if (merchantID !== found.merchant.id) {
          return sendError(c, 403, 'merchant_not_allowed', 'The token does not act for this merchant.')
        }
        const live = liveParticipations(store().programs, merchantID)
        if (!live.some((participation) => participation.programID === programID)) {
          return refuse(c, 400, 'program_not_allowed', 'Choose one of the merchant’s active programs.')
        }
        const from = parseIsoDate(body.value.from)
        const to = parseIsoDate(body.value.to)
        if (!from || !to) return sendError(c, 400, 'validation_failed', 'from and to must be real dates.')
        if (from > to) return sendError(c, 400, 'validation_failed', 'from must not be after to.')
        const days = daysBetween(from, to) + 1
        if (days > TARGETING_MAX_DAYS) {
          return refuse(
            c,
            400,
            'range_too_long',
            `An export covers at most ${TARGETING_MAX_DAYS} days; this range has ${days}.`,
          )
        }
        if (to > todayIn(found.merchant.timeZone)) {
          return sendError(c, 400, 'validation_failed', 'The range cannot end after today.')
        }
        const claims = claimsOf(c)
        const job: ExportJob = {
          id: newRecordId(c, 'exp'),
          merchantID,
          programID,
          from,
          to,
          requestedBy: findPersonaById(claims.uid)?.username ?? claims.uid,
          createdAt: Date.now(),
          durationMs: exportDuration(),
          failure: null,
          rowCount: null,
        }
        found.jobs.unshift(job)
        return sendValidated(
          c,
          TargetingExportResponseSchema,
          { data: jobWire(job, found.ledger, job.createdAt) },
          201,
        )
      })
      .get('/targeting-exports/:id', (c) => {
        const result = findJob(c)
        if (result instanceof Response) return result
        return sendValidated(c, TargetingExportResponseSchema, {
          data: jobWire(result.job, result.found.ledger, Date.now()),
        })
      })
      .get('/targeting-exports/:id/download', (c) => {
        const result = findJob(c)
        if (result instanceof Response) return result
        const { job, found } = result
        const state = jobState(job, Date.now())
        if (state.status !== 'READY') {
          const why =
            state.status === 'FAILED'
              ? 'This export failed, so it has no file. Request it again.'
              : 'This export is not ready yet. Ask again when its status is READY.'
          return refuse(c, 409, EXPORT_NOT_READY, why)
        }
        const file = exportCsv(found.ledger, job)
        job.rowCount = file.rows
        const fileName = exportFileName(job)
        // The portal takes the file inside JSON; a client asking for CSV gets the file itself.
        if ((c.req.header('Accept') ?? '').includes('text/csv')) {
          c.header('Content-Type', 'text/csv; charset=utf-8')
          c.header('Content-Disposition', `attachment; filename="${fileName}"`)
          return c.body(file.content)
        }
        return sendValidated(c, TargetingExportFileSchema, {
          data: { fileName, contentType: 'text/csv', rowCount: file.rows, content: file.content },
        })
      })
  },
})
