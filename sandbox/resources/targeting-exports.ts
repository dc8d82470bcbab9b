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
} from '../../contract/targeting-exports'
import type { ApiContext, ApiEnv } from '../api/env'
import { claimsOf, refuseNoMerchant, refuseQueriedMerchant } from '../api/guards'
import { readBody, readPage, sendError, sendValidated } from '../api/http'
import { newRecordId } from '../api/newer-platform'
import { findPersonaById } from '../data/personas'
import { daysBetween, parseCalendarDate, todayIn } from '../shared/calendar'
import type { MerchantRecord } from './merchants'
import { liveParticipations, type ProgramsData } from './programs'
import { defineResource } from './resource'
import { eligibleCustomers, exportCsv, exportFileName } from './targeting-exports-file'
import {
  type ExportJob,
  exportDuration,
  jobState,
  seedJobs,
  type TargetingExportsData,
} from './targeting-exports-jobs'
import type { MerchantLedger } from './transactions-ledger'

/*
 * Targeting exports: background jobs that write a CSV of a merchant's marketing-eligible customers
 * (targeting-exports-file.ts), run by the clock (targeting-exports-jobs.ts).
 */

type JobWire = v.InferInput<typeof TargetingExportSchema>

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
        const from = parseCalendarDate(body.value.from)
        const to = parseCalendarDate(body.value.to)
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
