import { Hono } from 'hono'
import type { PolicyReport } from '../control-wire'
import type { ApiEnv } from './env'

const MAX_KEPT = 500

/**
 * Content-Security-Policy (and Trusted Types) violation reports, as browsers send them: one
 * `{"csp-report": {…}}` per violation to a `report-uri` (application/csp-report), or a batch of
 * `{type, url, body}` through the Reporting API (application/reports+json). Kept for tests to read
 * through the control API; the browser suite fails when any arrived.
 */
export class PolicyReports {
  #reports: PolicyReport[] = []

  add(report: Omit<PolicyReport, 'receivedAt'>): void {
    this.#reports.push({ ...report, receivedAt: new Date().toISOString() })
    if (this.#reports.length > MAX_KEPT) this.#reports.splice(0, this.#reports.length - MAX_KEPT)
  }

  list(): PolicyReport[] {
    return [...this.#reports]
  }

  clear(): void {
    this.#reports = []
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}

/** One violation in either format, reduced to what a reader needs. */
function normalise(body: Record<string, unknown>, legacy: boolean): Omit<PolicyReport, 'receivedAt'> {
  if (legacy) {
    return {
      documentUrl: text(body['document-uri']),
      directive: text(body['effective-directive'] ?? body['violated-directive']),
      blocked: text(body['blocked-uri']),
      disposition: text(body.disposition) || 'enforce',
      sample: text(body['script-sample']),
    }
  }
  return {
    documentUrl: text(body.documentURL),
    directive: text(body.effectiveDirective),
    blocked: text(body.blockedURL),
    disposition: text(body.disposition) || 'enforce',
    sample: text(body.sample),
  }
}

/** POST /api/policy-reports: open to any caller (browsers send no token, version or XSRF header). */
export function policyReportRoutes(reports: PolicyReports): Hono<ApiEnv> {
  return new Hono<ApiEnv>().post('/', async (c) => {
    let json: unknown
    try {
      json = JSON.parse(await c.req.text())
    } catch {
      return c.body(null, 400)
    }
    if (Array.isArray(json)) {
      for (const item of json) {
        const entry = record(item)
        if (entry.type === 'csp-violation') reports.add(normalise(record(entry.body), false))
      }
    } else {
      const violation = record(json)['csp-report']
      if (typeof violation !== 'object' || violation === null) return c.body(null, 400)
      reports.add(normalise(record(violation), true))
    }
    return c.body(null, 204)
  })
}
