// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ParticipationPageSchema } from '../../../contract/programs'
import { MALFORMED_BODY } from '../../../sandbox/api/middleware'
import { createControl, type SandboxControl, SandboxControlError } from '../../../sandbox/control'
import { MERCHANT_IDS, PROGRAM_IDS, TENANT_IDS } from '../../../sandbox/data/ids'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const sandbox = fileSandbox()
let control: SandboxControl
let token: string

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
  token = (await control.session('owner@acme.test')).portalToken
})
beforeEach(async () => {
  await control.reset()
})

const programPath = `/api/program/${PROGRAM_IDS.acmeEcomm}`
const getProgram = () => fetch(`${sandbox.apiUrl}${programPath}`, { headers: apiHeaders(token) })
const postLog = (body: unknown) =>
  fetch(`${sandbox.apiUrl}/api/merchant-portal-backend/log`, {
    method: 'POST',
    headers: apiHeaders(),
    body: JSON.stringify(body),
  })

describe('fault injection', () => {
  it('delays a matching request, then answers normally', async () => {
    await control.addFault({ path: '/api/program/*', kind: 'delay', delayMs: 300 })
    const started = performance.now()
    const response = await getProgram()
    expect(response.status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(280)
  })

  it('answers a status code with an optional body, before auth', async () => {
    await control.addFault({ method: 'GET', path: '/api/program/*', kind: 'status', status: 503, times: 1 })
    const response = await fetch(`${sandbox.apiUrl}${programPath}`, { headers: apiHeaders() })
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ error: { code: 'internal_error' } })

    await control.addFault({
      path: programPath,
      kind: 'status',
      status: 418,
      body: { custom: true },
      times: 1,
    })
    const custom = await getProgram()
    expect(custom.status).toBe(418)
    expect(await custom.json()).toEqual({ custom: true })
  })

  it('sends a malformed body', async () => {
    await control.addFault({ path: programPath, kind: 'malformed', times: 1 })
    const response = await getProgram()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    const text = await response.text()
    expect(text).toBe(MALFORMED_BODY)
    expect(() => JSON.parse(text)).toThrow()
  })

  it('drops the connection', async () => {
    await control.addFault({ path: programPath, kind: 'drop', times: 1 })
    await expect(getProgram()).rejects.toThrow()
    expect((await getProgram()).status).toBe(200)
  })

  it('applies a one-shot fault once and a persistent one until removed', async () => {
    await control.addFault({ path: programPath, kind: 'status', status: 500, times: 1 })
    expect((await getProgram()).status).toBe(500)
    expect((await getProgram()).status).toBe(200)

    const id = await control.addFault({ path: programPath, kind: 'status', status: 502 })
    expect((await getProgram()).status).toBe(502)
    expect((await getProgram()).status).toBe(502)
    await control.removeFault(id)
    expect((await getProgram()).status).toBe(200)

    await control.addFault({ path: programPath, kind: 'status', status: 500, times: 2 })
    await control.addFault({ path: '/api/**', kind: 'status', status: 504 })
    expect((await getProgram()).status).toBe(500)
    expect((await getProgram()).status).toBe(500)
    expect((await getProgram()).status).toBe(504)
    await control.clearFaults()
    expect((await getProgram()).status).toBe(200)
  })

  it('only matches the given method', async () => {
    await control.addFault({ method: 'POST', path: programPath, kind: 'status', status: 500 })
    expect((await getProgram()).status).toBe(200)
  })

  it('reaches the flag calls and the log sink too', async () => {
    await control.addFault({
      path: '/api/featureflag/evaluation/bulk',
      kind: 'status',
      status: 500,
      times: 1,
    })
    const flags = await fetch(
      `${sandbox.apiUrl}/api/featureflag/evaluation/bulk?tag=Merchant_Portal_Frontend`,
      {
        method: 'POST',
        headers: apiHeaders(),
        body: JSON.stringify({ tenantId: '' }),
      },
    )
    expect(flags.status).toBe(500)
    await control.addFault({
      path: '/api/merchant-portal-backend/log',
      kind: 'status',
      status: 503,
      times: 1,
    })
    expect((await postLog({ level: 'error', message: 'x' })).status).toBe(503)
  })

  it('validates fault specs', async () => {
    const error = await control
      .addFault({ path: 'no-leading-slash', kind: 'status' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SandboxControlError)
    expect((error as SandboxControlError).status).toBe(400)
  })
})

describe('log sink', () => {
  it('records what the portal posts, and forgets it on request', async () => {
    expect(
      (await postLog({ level: 'error', message: 'Error exchanging tokens', context: { status: 500 } }))
        .status,
    ).toBe(200)
    expect((await postLog({ level: 'warn', message: 'no context' })).status).toBe(200)
    const logs = await control.logs()
    expect(logs).toMatchObject([
      { level: 'error', message: 'Error exchanging tokens', context: { status: 500 } },
      { level: 'warn', message: 'no context' },
    ])
    await control.clearLogs()
    expect(await control.logs()).toEqual([])
  })

  it('refuses an entry that does not match the log schema', async () => {
    expect((await postLog({ level: 'debug', message: 'nope' })).status).toBe(400)
    expect(await control.logs()).toEqual([])
  })
})

describe('request record', () => {
  it('keeps method, path, query and the headers the portal sent', async () => {
    const requestId = crypto.randomUUID()
    await fetch(
      `${sandbox.apiUrl}/api/merchant-program-participation?merchantID.eq=${MERCHANT_IDS.acme}&showArchived=true&limit=200&offset=0`,
      { headers: apiHeaders(token, { 'X-Request-ID': requestId }) },
    )
    await getProgram()
    const [recorded, ...rest] = await control.requests({ path: '/api/merchant-program-participation' })
    expect(rest).toEqual([])
    expect(recorded).toMatchObject({
      method: 'GET',
      path: '/api/merchant-program-participation',
      query: { 'merchantID.eq': MERCHANT_IDS.acme, showArchived: 'true', limit: '200', offset: '0' },
      headers: { 'x-request-id': requestId, 'x-api-version': 'v2', accept: 'application/json' },
      authorization: true,
    })
    expect(await control.requests({ path: '/api/program/*', method: 'GET' })).toHaveLength(1)
    await control.clearRequests()
    expect(await control.requests()).toEqual([])
  })
})

describe('reset', () => {
  it('regenerates the same data and undoes changes', async () => {
    const path = `/api/program/${PROGRAM_IDS.acmeEcomm}/merchant/${MERCHANT_IDS.acme}/values`
    // Merchant values are internal settings, which only provider staff may change.
    const staffToken = (await control.session('ops@provider.test', MERCHANT_IDS.acme)).portalToken
    const patched = await fetch(`${sandbox.apiUrl}${path}`, {
      method: 'PATCH',
      headers: apiHeaders(staffToken),
      body: JSON.stringify({ values: { displayName: 'Changed' } }),
    })
    expect(patched.status).toBe(200)
    const page = async () =>
      v.parse(
        ParticipationPageSchema,
        await (
          await fetch(
            `${sandbox.apiUrl}/api/merchant-program-participation?merchantID.eq=${MERCHANT_IDS.acme}&showArchived=true`,
            { headers: apiHeaders(token) },
          )
        ).json(),
      )
    const before = await page()
    await control.setFlag('is_location_page_enabled', { state: 'deleted', tenantId: TENANT_IDS.default })
    await control.reset()
    expect(await page()).toEqual(before)
    const values = (await (
      await fetch(`${sandbox.apiUrl}${path}`, { headers: apiHeaders(staffToken) })
    ).json()) as {
      data: { values: Record<string, unknown> }
    }
    expect(values.data.values.displayName).toBe('Acme Outdoor')
  })
})

describe('policy reports', () => {
  const report = (body: unknown, type: string) =>
    fetch(`${sandbox.apiUrl}/api/policy-reports`, {
      method: 'POST',
      headers: { 'Content-Type': type },
      body: JSON.stringify(body),
    })

  it('records violations in both browser formats, with no token or API headers, until cleared', async () => {
    const legacy = await report(
      {
        'csp-report': {
          'document-uri': 'https://portal.test/checkout-design',
          'effective-directive': 'img-src',
          'blocked-uri': 'https://cdn.example/logo.svg',
          disposition: 'enforce',
        },
      },
      'application/csp-report',
    )
    expect(legacy.status).toBe(204)
    const batch = await report(
      [
        {
          type: 'csp-violation',
          url: 'https://portal.test/transactions',
          body: {
            documentURL: 'https://portal.test/transactions',
            effectiveDirective: 'require-trusted-types-for',
            blockedURL: 'trusted-types-sink',
            disposition: 'report',
            sample: 'Element innerHTML|<b>',
          },
        },
        { type: 'deprecation', url: 'https://portal.test/', body: {} },
      ],
      'application/reports+json',
    )
    expect(batch.status).toBe(204)
    expect(await control.policyReports()).toMatchObject([
      { directive: 'img-src', blocked: 'https://cdn.example/logo.svg', disposition: 'enforce' },
      { directive: 'require-trusted-types-for', disposition: 'report', sample: 'Element innerHTML|<b>' },
    ])
    await control.clearPolicyReports()
    expect(await control.policyReports()).toEqual([])
    expect((await report('not a report', 'application/csp-report')).status).toBe(400)
    expect(await control.policyReports()).toEqual([])
  })
})
