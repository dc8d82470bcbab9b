// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest'
import type { PlatformMode } from '../../sandbox/control-wire'
import { decodePortalToken } from '../../src/auth/portal-token'
import { fileSandbox } from '../../test/support/sandbox'
import { type CheckReport, formatReport, hasProblems, runPlatformCheck } from './check'

/** Every way the sandbox can answer: a new mode is one more line. */
const MODES = ['current', 'newer', 'spec-minimal'] as const satisfies readonly PlatformMode[]

const sandbox = fileSandbox()

/** A token of the persona with every scope, acting for Acme Outdoor (its id as this mode gives it). */
async function opsToken(): Promise<string> {
  const owner = await sandbox.control.session('owner@acme.test')
  const acme = decodePortalToken(owner.portalToken)?.cid
  return (await sandbox.control.session('ops@provider.test', acme)).portalToken
}

function verdicts(report: CheckReport): Record<string, string> {
  return Object.fromEntries(report.calls.map((call) => [call.operationId, call.verdict]))
}

function details(report: CheckReport, operationId: string): string[] {
  return report.calls.find((call) => call.operationId === operationId)?.details ?? []
}

describe.each(MODES)('the platform check against the sandbox answering as the %s platform', (mode) => {
  beforeEach(async () => {
    sandbox.reset()
    await sandbox.control.setPlatform(mode)
  })

  it("reads every GET call with the portal's readers and finds nothing refused or dropped", async () => {
    const report = await runPlatformCheck({ api: sandbox.apiUrl, token: await opsToken() })

    expect(hasProblems(report), formatReport(report)).toBe(false)
    const notOk = report.calls.filter((call) => call.verdict !== 'ok').map((call) => call.operationId)
    expect(notOk).toEqual(['getActivationLink'])
    // Program calls are asked for each active program: Acme Outdoor's ECOMM and INSTORE.
    expect(report.calls.find((call) => call.operationId === 'getProgram')?.requests).toBe(2)
  })

  it('reports a refused answer by its paths, list items left out, and calls not answered', async () => {
    const secret = 'do-not-print-7Qk2'
    await sandbox.control.addFault({
      method: 'GET',
      path: '/api/merchant/*/business-profile',
      kind: 'status',
      status: 200,
      body: { data: { merchantID: secret, legalName: 42 } },
    })
    await sandbox.control.addFault({
      method: 'GET',
      path: '/api/merchant/*/users',
      kind: 'status',
      status: 200,
      body: { data: { items: [{ email: secret }], pagination: { offset: 0, limit: 100, total: 1 } } },
    })
    await sandbox.control.addFault({ method: 'GET', path: '/api/carts', kind: 'malformed' })
    await sandbox.control.addFault({ method: 'GET', path: '/api/settlements', kind: 'status', status: 502 })
    await sandbox.control.addFault({
      method: 'GET',
      path: '/api/merchant/*/placements',
      kind: 'status',
      status: 403,
      body: { error: { code: 'insufficient_scope', message: 'no' } },
    })

    const report = await runPlatformCheck({ api: sandbox.apiUrl, token: await opsToken() })

    expect(verdicts(report)).toMatchObject({
      getBusinessProfile: 'refused',
      listUsers: 'dropped',
      listCarts: 'refused',
      getCart: 'skipped',
      getSettlementReport: 'failed',
      listSettlementEntries: 'skipped',
      getPlacements: 'skipped',
      getCheckoutDesign: 'ok',
    })
    expect(details(report, 'getBusinessProfile')).toContain(
      'data.legalName: expected string, received number',
    )
    expect(details(report, 'listUsers')[0]).toMatch(/^data\.items\.0\.\w+: expected /)
    expect(details(report, 'listCarts')).toEqual(['the body is not JSON'])
    expect(details(report, 'getSettlementReport')).toEqual(['502 internal_error'])
    expect(details(report, 'getPlacements')).toEqual(['403 insufficient_scope: the token may not read it'])
    expect(hasProblems(report)).toBe(true)
    const printed = formatReport(report)
    expect(printed).toMatch(
      /^refused +GET \/api\/merchant\/\{merchantID\}\/business-profile +getBusinessProfile$/m,
    )
    expect(printed).not.toContain(secret)
  })
})

describe('the platform check without a merchant', () => {
  it('skips the calls about a merchant and says why', async () => {
    sandbox.reset()
    const { portalToken } = await sandbox.control.session('ops@provider.test')

    const report = await runPlatformCheck({ api: sandbox.apiUrl, token: portalToken })

    expect(verdicts(report)).toMatchObject({ searchMerchants: 'ok', getTenant: 'ok', getMerchant: 'skipped' })
    expect(details(report, 'listTransactions')).toEqual(['the token acts for no merchant: pass --merchant'])
  })
})
