// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { createApi } from '../../sandbox/api/app'
import { SandboxClock } from '../../sandbox/api/clock'
import { FaultRegistry } from '../../sandbox/api/runtime'

/**
 * Routes of the sandbox's API that are no call of the portal's: a new one must either get an entry in
 * contract/endpoints.ts or a line here saying why it is none.
 */
const NOT_PLATFORM_CALLS: Readonly<Record<string, string>> = {
  // An <img> of a checkout-design preview loads it by the URL the platform gave, with no header of ours.
  'GET /api/logos/:file': 'a stand-in for the logo URLs of the generated checkout designs',
  // The browser posts these itself, to the address in the policy header (deploy/security-headers.ts).
  'POST /api/policy-reports': 'content security policy violation reports',
}

/** The sandbox's API routes as `METHOD /path/:param`, without the control API and middleware. */
function servedRoutes(): Set<string> {
  const { app } = createApi({
    portalOrigins: [],
    quiet: true,
    platform: 'current',
    verifyProviderToken: async () => undefined,
    issueProviderToken: async () => '',
    idp: { grants: () => [], clearGrants() {}, failSignOut() {}, faults: new FaultRegistry(), reset() {} },
    clock: new SandboxClock(),
  })
  return new Set(
    app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path}`),
  )
}

const tableRoutes = () =>
  ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`).sort()

describe('the table of platform calls (contract/endpoints.ts)', () => {
  it('lists exactly the calls the sandbox serves, path parameters named alike', () => {
    const calls = [...servedRoutes()].filter((route) => !(route in NOT_PLATFORM_CALLS))
    expect(tableRoutes()).toEqual(calls.sort())
  })

  it('names every call once, and each path parameter in its template', () => {
    const ids = ENDPOINTS.map((endpoint) => endpoint.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(tableRoutes()).size).toBe(ENDPOINTS.length)
    for (const endpoint of ENDPOINTS) {
      const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
      const declared = Object.keys('pathParams' in endpoint ? endpoint.pathParams : {})
      expect(declared.sort(), endpoint.operationId).toEqual(inPath.sort())
    }
  })

  it('keeps every exception above a route the sandbox still serves', () => {
    const served = servedRoutes()
    expect(Object.keys(NOT_PLATFORM_CALLS).filter((route) => !served.has(route))).toEqual([])
  })
})
