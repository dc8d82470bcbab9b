// @vitest-environment node
import { decodeJwt } from 'jose'
import { beforeEach, describe, expect, it } from 'vitest'
import { aliasOf } from '../../../sandbox/api/id-aliases'
import { MERCHANT_IDS, PROGRAM_IDS, ZERO_MERCHANT_ID } from '../../../sandbox/data/ids'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'
import { fileOf, readSeededDisputesFirst, seededDispute, transactionsClient } from './transactions-client'

readSeededDisputesFirst()
const sandbox = fileSandbox({ platform: 'current' })
const ACME = aliasOf('merchant', MERCHANT_IDS.acme)
const ACME_ECOMM = aliasOf('program', PROGRAM_IDS.acmeEcomm)
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/
let token: string

beforeEach(async () => {
  sandbox.reset()
  await sandbox.control.setPlatform('spec-minimal')
  token = (await sandbox.control.session('owner@acme.test')).portalToken
})

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: apiHeaders(token),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, text, json: text === '' ? undefined : (JSON.parse(text) as unknown) }
}

const acme = encodeURIComponent(ACME)

describe('the spec-minimal mode', () => {
  it('hands out merchant and program ids that are not UUIDs, with a character a path must escape', () => {
    expect(ACME).toMatch(/^mer_[0-9A-Za-z]{10}:[0-9A-Za-z]{4}$/)
    expect(ACME_ECOMM).toMatch(/^prg_/)
    expect(acme).toContain('%3A')
  })

  it('puts the aliases in the portal token, and keeps the zero merchant id as the spec names it', async () => {
    expect(decodeJwt(token)).toMatchObject({ cid: ACME, merchantID: ACME })
    const staff = await sandbox.control.session('ops@provider.test')
    expect(decodeJwt(staff.portalToken)).toMatchObject({
      cid: ZERO_MERCHANT_ID,
      merchantID: ZERO_MERCHANT_ID,
    })
    const acting = await sandbox.control.session('ops@provider.test', ACME)
    expect(decodeJwt(acting.portalToken)).toMatchObject({ cid: ACME, merchantID: ZERO_MERCHANT_ID })
  })

  it('answers a program with the four fields of spec section 3', async () => {
    const { status, json } = await call('GET', `/api/program/${encodeURIComponent(ACME_ECOMM)}`)
    expect(status).toBe(200)
    expect(json).toEqual({
      data: { id: ACME_ECOMM, channel: 'ECOMM', displayInterestRateBPS: 999, checkoutMode: 'Modal' },
    })
  })

  it('answers participations with their spec fields, deletedAt only when set', async () => {
    const { json, text } = await call(
      'GET',
      `/api/merchant-program-participation?merchantID.eq=${acme}&showArchived=true&limit=200&offset=0`,
    )
    const { data } = json as { data: { items: Record<string, unknown>[]; pagination: unknown } }
    expect(data.pagination).toEqual({ offset: 0, limit: 200, total: 5 })
    for (const item of data.items) {
      expect(Object.keys(item).sort()).toEqual(
        'deletedAt' in item
          ? ['deletedAt', 'merchantID', 'programID', 'state']
          : ['merchantID', 'programID', 'state'],
      )
      expect(item.merchantID).toBe(ACME)
    }
    expect(data.items.filter((item) => 'deletedAt' in item)).toHaveLength(1)
    expect(text).not.toMatch(UUID)
  })

  it('answers payment products, configurations and enrollments with the fields the spec names', async () => {
    const program = encodeURIComponent(ACME_ECOMM)
    const products = await call('GET', `/api/program/${program}/payment-product?limit=50&offset=0`)
    const configurations = await call(
      'GET',
      `/api/program/${program}/payment-product-configuration?merchantID.eq=${acme}&limit=50&offset=0`,
    )
    const enrollments = await call(
      'GET',
      `/api/payment-product-enrollment?merchantID.eq=${acme}&programID.eq=${program}&limit=50&offset=0`,
    )
    const [product] = (products.json as { data: { items: object[] } }).data.items
    expect(Object.keys(product ?? {})).toEqual(['type'])
    const configurationData = (configurations.json as { data: { items: object[] } }).data
    expect(Object.keys(configurationData)).toEqual(['items'])
    expect(Object.keys(configurationData.items[0] ?? {}).sort()).toEqual(['attributes', 'paymentProduct'])
    const [enrollment] = (enrollments.json as { data: { items: { data: object }[] } }).data.items
    expect(Object.keys(enrollment ?? {}).sort()).toEqual(['data', 'enrollmentID'])
    expect(enrollment?.data).toMatchObject({ paymentProductType: 'INSTALLMENTS' })
  })

  it('leaves null fields out of every answer', async () => {
    const { text } = await call('GET', `/api/merchant/${acme}/users?limit=100&offset=0`)
    expect(text).not.toContain('null')
    const current = await fetch(`${sandbox.apiUrl}/__sandbox/platform`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'current' }),
    })
    expect(current.status).toBe(204)
    // The same answer in the normal mode has them: the test above is not vacuous.
    const normal = await call('GET', `/api/merchant/${MERCHANT_IDS.acme}/users?limit=100&offset=0`)
    expect(normal.text).toContain('null')
  })

  it('resolves aliases in paths, queries and bodies, and records what the portal sent', async () => {
    const created = await call('POST', '/api/targeting-exports', {
      merchantID: ACME,
      programID: ACME_ECOMM,
      from: '2026-01-01',
      to: '2026-01-31',
    })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({ data: { merchantID: ACME, programID: ACME_ECOMM } })
    const [recorded] = await sandbox.control.requests({ path: `/api/merchant/${ACME}/users` })
    expect(recorded).toBeUndefined()
    await call('GET', `/api/merchant/${acme}/locations?limit=10&offset=0`)
    const [locations] = await sandbox.control.requests({ path: `/api/merchant/${ACME}/locations` })
    expect(locations?.path).toBe(`/api/merchant/${acme}/locations`)
  })

  it('answers transactions with what the contract requires: a dispute where there is one, no order details', async () => {
    const { id } = seededDispute(MERCHANT_IDS.acme, 'UNDER_REVIEW')
    const { status, json } = await call('GET', `/api/transactions/${id}`)
    expect(status).toBe(200)
    const tx = (json as { data: Record<string, unknown> }).data
    for (const optional of ['lineItems', 'billingAddress', 'shippingAddress', 'plan']) {
      expect(Object.keys(tx)).not.toContain(optional)
    }
    expect(Object.keys(tx.dispute ?? {}).sort()).toEqual([
      'amount',
      'openedAt',
      'reason',
      'respondBy',
      'status',
      'timeline',
    ])
    const page = await call('GET', `/api/transactions?merchantID.eq=${acme}&limit=5`)
    const data = (page.json as { data: { items: object[]; needsAction: object } }).data
    expect(Object.keys(data.needsAction).sort()).toEqual(['authorizations', 'count', 'disputes'])
    // No dispute: the null field is left out.
    expect(data.items.every((item) => !('dispute' in item))).toBe(true)
    // The normal mode has them: the test above is not vacuous.
    await sandbox.control.setPlatform('current')
    const normal = await call('GET', `/api/transactions/${id}`)
    expect(Object.keys((normal.json as { data: object }).data)).toEqual(
      expect.arrayContaining(['lineItems', 'billingAddress', 'plan']),
    )
  })

  it('takes an evidence file as it was sent, bytes unspoiled', async () => {
    const { id } = seededDispute(MERCHANT_IDS.acme, 'NEEDS_RESPONSE')
    const { upload } = transactionsClient(() => sandbox.apiUrl)
    const bytes = fileOf('png', 3_000)
    bytes[200] = 0xff // not text: a byte no UTF-8 round trip keeps
    const response = await upload(token, id, { bytes, name: 'photo.png', type: 'image/png' })
    expect(response.status).toBe(201)
    const { data } = (await response.json()) as { data: Record<string, unknown> }
    expect(data).toMatchObject({ contentType: 'image/png', size: 3_000, fileName: 'photo.png' })
  })

  it('knows a merchant by its alias alone', async () => {
    const { status } = await call('GET', `/api/merchant/${MERCHANT_IDS.acme}/locations?limit=10&offset=0`)
    expect(status).toBe(403)
  })

  it('names flags by the platform, and knows a flag by no other name', async () => {
    const bulk = await call('POST', '/api/featureflag/evaluation/bulk?tag=Merchant_Portal_Frontend', {
      tenantId: '',
    })
    expect(bulk.json).toEqual({
      is_location_page_enabled: { result: 'true' },
      is_merchant_id_validation_page_enabled: { result: 'true' },
    })
    const camel = await call('POST', '/api/featureflag/evaluation/flag/isLocationPageEnabled', {
      tenantId: '',
    })
    expect(camel.status).toBe(404)
  })

  it('lists the merchants by their aliases on the control API, and goes back to its start mode on reset', async () => {
    const listing = (await (await fetch(`${sandbox.apiUrl}/__sandbox`)).json()) as {
      merchants: { id: string; name: string }[]
    }
    expect(listing.merchants.find((merchant) => merchant.name === 'Acme Outdoor')?.id).toBe(ACME)
    await sandbox.control.reset()
    const { json } = await call('GET', `/api/program/${PROGRAM_IDS.acmeEcomm}`)
    expect(json).toMatchObject({ data: { id: PROGRAM_IDS.acmeEcomm, name: 'Acme Online Financing' } })
  })
})
