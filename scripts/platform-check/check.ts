import * as v from 'valibot'
import { ZERO_MERCHANT_ID } from '../../contract/auth'
import { ENDPOINTS, type ReadOperationId } from '../../contract/endpoints'
import { isApiError } from '../../src/api/api-error'
import { createApiClient } from '../../src/api/client'
import { decodePortalToken } from '../../src/auth/portal-token'
import { type Ask, type Known, PROBES, type Target } from './probes'

/**
 * What became of one call: read whole (`ok`); read, but list items the reader left out (`dropped`);
 * not read: the reader refused the answer (`refused`); no answer to read: an error status, a time-out or
 * no connection (`failed`); not asked (`skipped`: the token may not, or nothing names what to ask about).
 */
export type Verdict = 'ok' | 'dropped' | 'refused' | 'failed' | 'skipped'

const VERDICTS: readonly Verdict[] = ['ok', 'dropped', 'refused', 'failed', 'skipped']
/** A call of several requests (one per program, one per page) gets the worst of their verdicts. */
const SEVERITY: Record<Verdict, number> = { ok: 0, skipped: 1, dropped: 2, refused: 3, failed: 4 }

export interface CallReport {
  operationId: ReadOperationId
  /** The call's path template (contract/endpoints.ts). */
  path: string
  verdict: Verdict
  requests: number
  /**
   * Refused and dropped: where the answer differs from the reader, as paths and types, never values.
   * Failed and skipped: why.
   */
  details: string[]
}

export interface CheckReport {
  api: string
  merchantID: string | undefined
  calls: CallReport[]
}

export interface CheckOptions {
  /** The platform's base URL, as the portal's `apiurl` configuration gives it. */
  api: string
  /** A portal token, as the token exchange gives it: sent as the portal sends it, never printed. */
  token: string
  /** The merchant to read; by default the one the token acts for (its `cid`, else its `merchantID`). */
  merchant?: string
  timeoutMs?: number
}

const LeftOutSchema = v.object({ issues: v.array(v.string()) })

function fillPath(template: string, params: Target['params']): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${template}: nothing fills {${name}}`)
    return encodeURIComponent(value)
  })
}

function errorCode(body: unknown): string {
  const parsed = v.safeParse(v.object({ error: v.object({ code: v.string() }) }), body)
  return parsed.success ? ` ${parsed.output.error.code}` : ''
}

/** A request that was not read, as a verdict and why; anything but the API client's own errors is a bug. */
function notRead(error: unknown): { verdict: Verdict; details: string[] } {
  if (!isApiError(error)) throw error
  if (error.kind === 'invalid-response') {
    return {
      verdict: 'refused',
      details: error.issues.length > 0 ? [...error.issues] : ['the body is not JSON'],
    }
  }
  if (error.kind === 'http' && error.status === 403) {
    return { verdict: 'skipped', details: [`403${errorCode(error.body)}: the token may not read it`] }
  }
  if (error.kind === 'http') {
    const hint =
      error.status === 401 ? ': the token was refused (expired, revoked or not a portal token)' : ''
    return { verdict: 'failed', details: [`${error.status}${errorCode(error.body)}${hint}`] }
  }
  return { verdict: 'failed', details: [error.message] }
}

type ReadEndpoint = Extract<(typeof ENDPOINTS)[number], { method: 'GET' }>

const isRead = (endpoint: (typeof ENDPOINTS)[number]): endpoint is ReadEndpoint => endpoint.method === 'GET'

/** The merchant the token acts for: its `cid`, else the merchant assigned to its user; never the zero id. */
function tokenMerchant(token: string): { merchantID?: string; tenantID?: string } {
  const claims = decodePortalToken(token)
  if (!claims) return {}
  const merchantID = [claims.cid, claims.merchantID].find((id) => id !== ZERO_MERCHANT_ID)
  return { merchantID, tenantID: claims.tenantID }
}

/**
 * Reads every GET call of contract/endpoints.ts from a live platform as the portal does (its HTTP
 * client, headers and readers) and tells, per call, whether the portal's reader takes the answer.
 */
export async function runPlatformCheck(options: CheckOptions): Promise<CheckReport> {
  const fromToken = tokenMerchant(options.token)
  const known: Known = {
    merchantID: options.merchant ?? fromToken.merchantID,
    tenantID: fromToken.tenantID,
    programIDs: undefined,
  }
  const calls: CallReport[] = []
  // In the table's order, in which a list comes before the records whose ids it gives.
  for (const endpoint of ENDPOINTS.filter(isRead)) {
    const probe = PROBES[endpoint.operationId]
    const call: CallReport = {
      operationId: endpoint.operationId,
      path: endpoint.path,
      verdict: 'ok',
      requests: 0,
      details: [],
    }
    calls.push(call)
    const skip = (reason: string) => {
      call.verdict = 'skipped'
      call.details.push(reason)
    }
    if ('skip' in probe) {
      skip(probe.skip)
      continue
    }
    const targets = probe.targets(known)
    if (typeof targets === 'string') {
      skip(targets)
      continue
    }
    for (const [index, target] of targets.entries()) {
      const label = targets.length > 1 ? `[${index + 1}/${targets.length}] ` : ''
      const note = (verdict: Verdict, details: readonly string[]) => {
        if (SEVERITY[verdict] > SEVERITY[call.verdict]) call.verdict = verdict
        call.details.push(...details.map((detail) => `${label}${detail}`))
      }
      const ask: Ask = async (reader, { params, query }) => {
        call.requests += 1
        const leftOut: string[] = []
        const api = createApiClient({
          baseURL: options.api,
          timeoutMs: options.timeoutMs,
          getToken: () => options.token,
          // Only reads are sent, and the platform checks the XSRF header on writes only.
          readCookie: () => undefined,
          log: (_level, _message, context) => {
            const parsed = v.safeParse(LeftOutSchema, context)
            if (parsed.success) leftOut.push(...parsed.output.issues)
          },
        })
        try {
          const answer = await api.request(reader, fillPath(endpoint.path, params), { query })
          note(leftOut.length > 0 ? 'dropped' : 'ok', leftOut)
          return answer
        } catch (error) {
          const { verdict, details } = notRead(error)
          note(verdict, details)
          return undefined
        }
      }
      await probe.read(ask, target, known)
    }
  }
  return { api: options.api, merchantID: known.merchantID, calls }
}

/** True when a reader refused or dropped something, or a call could not be read at all. */
export function hasProblems(report: CheckReport): boolean {
  return report.calls.some((call) => SEVERITY[call.verdict] >= SEVERITY.dropped)
}

const MAX_DETAILS = 8

export function formatReport(report: CheckReport): string {
  const width = Math.max(...report.calls.map((call) => call.path.length))
  const lines = [`Platform check of ${report.api}, merchant ${report.merchantID ?? '(none)'}`]
  for (const call of report.calls) {
    const requests = call.requests > 1 ? ` (${call.requests} requests)` : ''
    lines.push(`${call.verdict.padEnd(8)} GET ${call.path.padEnd(width)}  ${call.operationId}${requests}`)
    for (const detail of call.details.slice(0, MAX_DETAILS)) lines.push(`         ${detail}`)
    if (call.details.length > MAX_DETAILS)
      lines.push(`         … and ${call.details.length - MAX_DETAILS} more`)
  }
  lines.push(
    VERDICTS.map(
      (verdict) => `${report.calls.filter((call) => call.verdict === verdict).length} ${verdict}`,
    ).join(', '),
  )
  return lines.join('\n')
}
