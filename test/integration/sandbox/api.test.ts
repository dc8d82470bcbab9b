// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../contract/error'
import { BulkFlagResultSchema, FlagResultSchema } from '../../../contract/flags'
import { MerchantPageSchema, TenantResponseSchema } from '../../../contract/merchants'
import {
  EnrollmentPageSchema,
  EnrollmentResponseSchema,
  MerchantValuesResponseSchema,
  PaymentProductAggregationSchema,
  PaymentProductConfigurationPageSchema,
  PaymentProductPageSchema,
} from '../../../contract/payment-products'
import { ParticipationPageSchema, ProgramResponseSchema } from '../../../contract/programs'
import { createControl, type SandboxControl } from '../../../sandbox/control'
import { MERCHANT_IDS, PROGRAM_IDS, TENANT_IDS, ZERO_MERCHANT_ID } from '../../../sandbox/data/ids'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders, PORTAL_ORIGIN } from './helpers'

const sandbox = fileSandbox()
let control: SandboxControl
let ownerToken: string

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
  ownerToken = (await control.session('owner@acme.test')).portalToken
})
beforeEach(() => {
  sandbox.reset()
})

function get(path: string, token?: string, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sandbox.apiUrl}${path}`, { headers: apiHeaders(token, extra) })
}

function send(
  method: string,
  path: string,
  body: unknown,
  token?: string,
  extra: Record<string, string> = {},
) {
  return fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: apiHeaders(token, extra),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function errorCode(response: Response): Promise<string> {
  return v.parse(ErrorBodySchema, await response.json()).error.code
}

function participationsPath(merchantID: string, offset: number, limit = 200): string {
  return `/api/merchant-program-participation?merchantID.eq=${merchantID}&showArchived=true&limit=${limit}&offset=${offset}`
}

describe('feature flags', () => {
  const flag = (name: string, tenantId: string = TENANT_IDS.default) =>
    send('POST', `/api/featureflag/evaluation/flag/${name}`, { tenantId })

  it('answers 200 with the result, without a token, for the default tenant and the empty context', async () => {
    for (const tenantId of [TENANT_IDS.default, '']) {
      const response = await flag('is_location_page_enabled', tenantId)
      expect(response.status).toBe(200)
      expect(v.parse(FlagResultSchema, await response.json())).toEqual({ result: 'true' })
    }
  })

  it('answers 204, 400, 404 and 410 as the flag service does', async () => {
    // A tenant the flag has no rule for gets no result.
    expect((await flag('is_location_page_enabled', 'unknown-tenant')).status).toBe(400)

    await control.setFlag('is_location_page_enabled', { state: 'disabled' })
    expect((await flag('is_location_page_enabled')).status).toBe(204)

    await control.setFlag('is_location_page_enabled', { state: 'no-result', tenantId: TENANT_IDS.default })
    expect((await flag('is_location_page_enabled')).status).toBe(400)
    // A per-tenant override leaves the other tenants on the all-tenant setting.
    expect((await flag('is_location_page_enabled', TENANT_IDS.bank)).status).toBe(204)

    expect((await flag('no_such_flag')).status).toBe(404)
    await control.setFlag('is_merchant_id_validation_page_enabled', { state: 'missing' })
    expect((await flag('is_merchant_id_validation_page_enabled')).status).toBe(404)

    await control.setFlag('is_merchant_id_validation_page_enabled', { state: 'deleted' })
    expect((await flag('is_merchant_id_validation_page_enabled')).status).toBe(410)
  })

  it('sets values per tenant and creates new flags', async () => {
    await control.setFlag('is_location_page_enabled', {
      state: 'on',
      value: 'false',
      tenantId: TENANT_IDS.bank,
    })
    await control.setFlag('brand_new_flag', { state: 'on', value: 'blue' })
    const bank = await send('POST', '/api/featureflag/evaluation/bulk?tag=Merchant_Portal_Frontend', {
      tenantId: TENANT_IDS.bank,
    })
    expect(v.parse(BulkFlagResultSchema, await bank.json())).toEqual({
      is_location_page_enabled: { result: 'false' },
      is_merchant_id_validation_page_enabled: { result: 'true' },
      brand_new_flag: { result: 'blue' },
    })
  })

  it('evaluates in bulk by tag: ok, 400 without a tag, 404 for an unknown tag', async () => {
    const ok = await send('POST', '/api/featureflag/evaluation/bulk?tag=Merchant_Portal_Frontend', {
      tenantId: '',
    })
    expect(ok.status).toBe(200)
    expect(v.parse(BulkFlagResultSchema, await ok.json())).toEqual({
      is_location_page_enabled: { result: 'true' },
      is_merchant_id_validation_page_enabled: { result: 'true' },
    })

    const noTag = await send('POST', '/api/featureflag/evaluation/bulk', { tenantId: '' })
    expect(noTag.status).toBe(400)
    expect(v.parse(ErrorBodySchema, await noTag.json()).error.message).toBe('Tag name is required')

    const unknownTag = await send('POST', '/api/featureflag/evaluation/bulk?tag=Nope', { tenantId: '' })
    expect(unknownTag.status).toBe(404)
  })

  it('leaves disabled flags out of bulk results and forgets overrides on reset', async () => {
    await control.setFlag('is_location_page_enabled', { state: 'disabled' })
    const bulk = () =>
      send('POST', '/api/featureflag/evaluation/bulk?tag=Merchant_Portal_Frontend', {
        tenantId: TENANT_IDS.default,
      })
    expect(Object.keys(v.parse(BulkFlagResultSchema, await (await bulk()).json()))).toEqual([
      'is_merchant_id_validation_page_enabled',
    ])
    await control.reset()
    expect(Object.keys(v.parse(BulkFlagResultSchema, await (await bulk()).json()))).toHaveLength(2)
  })
})

describe('wire conventions', () => {
  it('refuses calls without a portal token, or with a forged one, with 401', async () => {
    const missing = await get(participationsPath(MERCHANT_IDS.acme, 0))
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toBe('Bearer')
    expect(await errorCode(missing)).toBe('unauthorized')

    const [header, payload] = ownerToken.split('.')
    const forged = `${header}.${payload}.${'A'.repeat(43)}`
    expect((await get(participationsPath(MERCHANT_IDS.acme, 0), forged)).status).toBe(401)
  })

  it('refuses a request without X-API-Version: v2 with 400', async () => {
    const response = await fetch(`${sandbox.apiUrl}/api/program/${PROGRAM_IDS.acmeEcomm}`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
    })
    expect(response.status).toBe(400)
    expect(await errorCode(response)).toBe('api_version_required')
    const wrong = await get(`/api/program/${PROGRAM_IDS.acmeEcomm}`, ownerToken, { 'X-API-Version': 'v1' })
    expect(wrong.status).toBe(400)
  })

  it('sets a readable XSRF-TOKEN cookie once and checks it on unsafe methods', async () => {
    const first = await get(`/api/tenant/${TENANT_IDS.default}`)
    const cookie = first.headers.getSetCookie().find((value) => value.startsWith('XSRF-TOKEN='))
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/HttpOnly/i)
    const token = /^XSRF-TOKEN=([^;]+)/.exec(cookie ?? '')?.[1] ?? ''

    const withCookie = await get(`/api/tenant/${TENANT_IDS.default}`, undefined, {
      Cookie: `XSRF-TOKEN=${token}`,
    })
    expect(withCookie.headers.getSetCookie()).toEqual([])

    const log = { level: 'info', message: 'hello' }
    const refused = await send('POST', '/api/merchant-portal-backend/log', log, undefined, {
      Cookie: `XSRF-TOKEN=${token}`,
    })
    expect(refused.status).toBe(403)
    expect(await errorCode(refused)).toBe('xsrf_mismatch')

    const mismatched = await send('POST', '/api/merchant-portal-backend/log', log, undefined, {
      Cookie: `XSRF-TOKEN=${token}`,
      'X-XSRF-TOKEN': 'something-else',
    })
    expect(mismatched.status).toBe(403)

    const accepted = await send('POST', '/api/merchant-portal-backend/log', log, undefined, {
      Cookie: `XSRF-TOKEN=${token}`,
      'X-XSRF-TOKEN': token,
    })
    expect(accepted.status).toBe(200)
  })

  it('echoes X-Request-ID and answers CORS for portal origins only', async () => {
    const requestId = crypto.randomUUID()
    const response = await get(`/api/tenant/${TENANT_IDS.default}`, undefined, {
      'X-Request-ID': requestId,
      Origin: PORTAL_ORIGIN,
    })
    expect(response.headers.get('x-request-id')).toBe(requestId)
    expect(response.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN)
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Request-ID')

    const preflight = await fetch(`${sandbox.apiUrl}/api/program/x`, {
      method: 'OPTIONS',
      headers: {
        Origin: PORTAL_ORIGIN,
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,x-api-version,x-xsrf-token,idempotency-key',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Idempotency-Key')

    const foreign = await get(`/api/tenant/${TENANT_IDS.default}`, undefined, { Origin: 'http://evil.test' })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers unknown routes with a JSON 404', async () => {
    const response = await get('/api/nothing-here', ownerToken)
    expect(response.status).toBe(404)
    expect(await errorCode(response)).toBe('not_found')
  })
})

describe('programs and participations', () => {
  it('pages through Globex Home: offsets 0/200/400, total 450, 50 on the last page', async () => {
    const { portalToken } = await control.session('ops@provider.test', MERCHANT_IDS.globex)
    const sizes: number[] = []
    const ids = new Set<string>()
    for (const offset of [0, 200, 400]) {
      const response = await get(participationsPath(MERCHANT_IDS.globex, offset), portalToken)
      expect(response.status).toBe(200)
      const page = v.parse(ParticipationPageSchema, await response.json())
      expect(page.data.pagination).toEqual({ offset, limit: 200, total: 450 })
      sizes.push(page.data.items.length)
      for (const item of page.data.items) ids.add(item.id)
    }
    expect(sizes).toEqual([200, 200, 50])
    expect(ids.size).toBe(450)
    const requests = await control.requests({ path: '/api/merchant-program-participation' })
    expect(requests.map((request) => request.query.offset)).toEqual(['0', '200', '400'])
  })

  it('has live ECOMM and INSTORE programs for Globex, on the first and the last page', async () => {
    const { portalToken } = await control.session('ops@provider.test', MERCHANT_IDS.globex)
    const items = []
    for (const offset of [0, 200, 400]) {
      const page = v.parse(
        ParticipationPageSchema,
        await (await get(participationsPath(MERCHANT_IDS.globex, offset), portalToken)).json(),
      )
      items.push(...page.data.items)
    }
    const live = items.filter((item) => item.state === 'ACTIVE' && item.deletedAt === null)
    expect(live.map((item) => item.programID).sort()).toEqual([
      PROGRAM_IDS.globexEcomm,
      PROGRAM_IDS.globexInstore,
    ])
    expect(items.filter((item) => item.deletedAt !== null).length).toBeGreaterThan(50)
    expect(items.filter((item) => item.state === 'LAPSED').length).toBeGreaterThan(50)
    expect(items.filter((item) => item.state === 'SCHEDULED').length).toBeGreaterThan(50)
  })

  it('describes Acme Outdoor as the contract says, with Date objects once parsed', async () => {
    const page = v.parse(
      ParticipationPageSchema,
      await (await get(participationsPath(MERCHANT_IDS.acme, 0), ownerToken)).json(),
    )
    expect(page.data.pagination.total).toBe(5)
    const byProgram = new Map(page.data.items.map((item) => [item.programID, item]))
    expect(byProgram.get(PROGRAM_IDS.acmeLapsed)?.state).toBe('LAPSED')
    expect(byProgram.get(PROGRAM_IDS.acmeScheduled)?.state).toBe('SCHEDULED')
    expect(byProgram.get(PROGRAM_IDS.acmeDeleted)?.deletedAt).toBeInstanceOf(Date)

    const ecomm = v.parse(
      ProgramResponseSchema,
      await (await get(`/api/program/${PROGRAM_IDS.acmeEcomm}`, ownerToken)).json(),
    )
    expect(ecomm.data).toMatchObject({ channel: 'ECOMM' })
    expect(ecomm.data.displayInterestRateBPS).toBeGreaterThan(0)
    const instore = v.parse(
      ProgramResponseSchema,
      await (await get(`/api/program/${PROGRAM_IDS.acmeInstore}`, ownerToken)).json(),
    )
    expect(instore.data).toMatchObject({ channel: 'INSTORE', checkoutMode: 'VirtualCard' })

    const live = await get(
      `/api/merchant-program-participation?merchantID.eq=${MERCHANT_IDS.acme}&limit=200&offset=0`,
      ownerToken,
    )
    expect(v.parse(ParticipationPageSchema, await live.json()).data.pagination.total).toBe(4)
  })

  it('gives Initech Dental in-store programs only', async () => {
    const { portalToken } = await control.session('clinic@initech.test')
    const page = v.parse(
      ParticipationPageSchema,
      await (await get(participationsPath(MERCHANT_IDS.initech, 0), portalToken)).json(),
    )
    for (const item of page.data.items) {
      const program = v.parse(
        ProgramResponseSchema,
        await (await get(`/api/program/${item.programID}`, portalToken)).json(),
      )
      expect(program.data.channel).toBe('INSTORE')
    }
  })

  it('refuses participations of another merchant, or before ops has chosen one, with 403', async () => {
    const other = await get(participationsPath(MERCHANT_IDS.globex, 0), ownerToken)
    expect(other.status).toBe(403)
    expect(await errorCode(other)).toBe('merchant_not_allowed')
    const { portalToken } = await control.session('ops@provider.test')
    expect((await get(participationsPath(MERCHANT_IDS.globex, 0), portalToken)).status).toBe(403)
  })

  it('refuses pages larger than 200', async () => {
    expect((await get(participationsPath(MERCHANT_IDS.acme, 0, 201), ownerToken)).status).toBe(400)
  })

  it('answers 404 for an unknown program', async () => {
    expect((await get(`/api/program/${ZERO_MERCHANT_ID}`, ownerToken)).status).toBe(404)
  })
})

describe('payment products', () => {
  const configurationsPath = (merchantID: string) =>
    `/api/program/${PROGRAM_IDS.acmeEcomm}/payment-product-configuration?merchantID.eq=${merchantID}&limit=50&offset=0`

  it('lists products, their aggregation and the merchant configurations', async () => {
    const products = v.parse(
      PaymentProductPageSchema,
      await (await get(`/api/program/${PROGRAM_IDS.acmeEcomm}/payment-product`, ownerToken)).json(),
    )
    expect(products.data.items.map((product) => product.type)).toEqual(
      expect.arrayContaining(['INSTALLMENTS', 'SPLITPAY']),
    )
    const aggregation = v.parse(
      PaymentProductAggregationSchema,
      await (
        await get(`/api/program/${PROGRAM_IDS.acmeEcomm}/payment-product/aggregation`, ownerToken)
      ).json(),
    )
    expect(aggregation.data.items.length).toBeGreaterThan(0)

    const configurations = v.parse(
      PaymentProductConfigurationPageSchema,
      await (await get(configurationsPath(MERCHANT_IDS.acme), ownerToken)).json(),
    )
    expect(configurations.data.items.length).toBe(products.data.items.length)
    const names = configurations.data.items[0]?.attributes.map((attribute) => attribute.name)
    expect(names).toEqual(['TYPE', 'NUMPAYMENTS', 'RATE'])
    const active = await get(`${configurationsPath(MERCHANT_IDS.acme)}&state=ACTIVE`, ownerToken)
    const activeItems = v.parse(PaymentProductConfigurationPageSchema, await active.json()).data.items
    expect(activeItems.every((item) => item.state === 'ACTIVE')).toBe(true)
  })

  it('refuses a token without r:paymentProduct with 403', async () => {
    const { portalToken } = await control.session('viewer@acme.test')
    const response = await get(configurationsPath(MERCHANT_IDS.acme), portalToken)
    expect(response.status).toBe(403)
    expect(await errorCode(response)).toBe('insufficient_scope')
  })

  it('creates, lists, patches and deletes enrollments', async () => {
    const created = await send(
      'POST',
      '/api/payment-product-enrollment',
      {
        merchantID: MERCHANT_IDS.acme,
        programID: PROGRAM_IDS.acmeEcomm,
        paymentProductType: 'SPLITPAY',
        data: { source: 'test' },
      },
      ownerToken,
    )
    expect(created.status).toBe(201)
    const enrollment = v.parse(EnrollmentResponseSchema, await created.json()).data
    expect(enrollment.createdAt).toBeInstanceOf(Date)

    const list = v.parse(
      EnrollmentPageSchema,
      await (
        await get(`/api/payment-product-enrollment?merchantID.eq=${MERCHANT_IDS.acme}`, ownerToken)
      ).json(),
    )
    expect(list.data.items.map((item) => item.enrollmentID)).toContain(enrollment.enrollmentID)

    const patched = await send(
      'PATCH',
      `/api/payment-product-enrollment/${enrollment.enrollmentID}`,
      { data: { note: 'patched' } },
      ownerToken,
    )
    expect(v.parse(EnrollmentResponseSchema, await patched.json()).data.data).toEqual({
      source: 'test',
      note: 'patched',
    })

    const deleted = await send(
      'DELETE',
      `/api/payment-product-enrollment/${enrollment.enrollmentID}`,
      undefined,
      ownerToken,
    )
    expect(deleted.status).toBe(204)
    const gone = await send(
      'DELETE',
      `/api/payment-product-enrollment/${enrollment.enrollmentID}`,
      undefined,
      ownerToken,
    )
    expect(gone.status).toBe(404)

    const foreign = await send(
      'POST',
      '/api/payment-product-enrollment',
      {
        merchantID: MERCHANT_IDS.globex,
        programID: PROGRAM_IDS.globexEcomm,
        paymentProductType: 'SPLITPAY',
        data: {},
      },
      ownerToken,
    )
    expect(foreign.status).toBe(403)
  })

  it('reads and patches merchant values per program', async () => {
    const path = `/api/program/${PROGRAM_IDS.acmeEcomm}/merchant/${MERCHANT_IDS.acme}/values`
    // Merchant values are internal settings: provider staff read and change them, the merchant does not.
    expect((await get(path, ownerToken)).status).toBe(403)
    const staffToken = (await control.session('ops@provider.test', MERCHANT_IDS.acme)).portalToken
    const before = v.parse(MerchantValuesResponseSchema, await (await get(path, staffToken)).json())
    expect(before.data.values.displayName).toBe('Acme Outdoor')
    const patched = await send('PATCH', path, { values: { minimumOrderAmount: 75 } }, staffToken)
    const after = v.parse(MerchantValuesResponseSchema, await patched.json())
    expect(after.data.values).toMatchObject({ displayName: 'Acme Outdoor', minimumOrderAmount: 75 })
    expect(after.data.updatedAt).toBeInstanceOf(Date)

    const { portalToken } = await control.session('viewer@acme.test')
    expect((await get(path, portalToken)).status).toBe(403)
  })
})

describe('merchants and tenants', () => {
  it('shows an assigned user only their merchant and ops every merchant', async () => {
    const own = v.parse(MerchantPageSchema, await (await get('/api/merchant', ownerToken)).json())
    expect(own.data.items.map((merchant) => merchant.id)).toEqual([MERCHANT_IDS.acme])
    expect((await get(`/api/merchant/${MERCHANT_IDS.globex}`, ownerToken)).status).toBe(403)

    const { portalToken } = await control.session('ops@provider.test')
    const all = v.parse(MerchantPageSchema, await (await get('/api/merchant?limit=200', portalToken)).json())
    expect(all.data.pagination.total).toBe(20)
    const found = v.parse(
      MerchantPageSchema,
      await (await get('/api/merchant?search=glob', portalToken)).json(),
    )
    expect(found.data.items.map((merchant) => merchant.name)).toEqual(['Globex Home'])
    expect((await get(`/api/merchant/${MERCHANT_IDS.globex}`, portalToken)).status).toBe(200)
  })

  it('answers the tenant brand', async () => {
    const bank = v.parse(TenantResponseSchema, await (await get(`/api/tenant/${TENANT_IDS.bank}`)).json())
    expect(bank.data.brand).toBe('BANK')
    const harbor = await control.session('manager@harbor.test')
    const merchant = await get(`/api/merchant/${MERCHANT_IDS.harbor}`, harbor.portalToken)
    expect(((await merchant.json()) as { data: { tenantID: string } }).data.tenantID).toBe(TENANT_IDS.bank)
  })
})
