// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CART_STATUSES, type CartInput, CartPageSchema, CartResponseSchema } from '../../../contract/carts'
import { ErrorBodySchema } from '../../../contract/error'
import { createControl, type SandboxControl } from '../../../sandbox/control'
import { MERCHANT_IDS, PROGRAM_IDS } from '../../../sandbox/data/ids'
import { ACME_CART_COUNT } from '../../../sandbox/resources/carts'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const sandbox = fileSandbox()
let control: SandboxControl
let owner: string
let viewer: string

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
  owner = (await control.session('owner@acme.test')).portalToken
  viewer = (await control.session('viewer@acme.test')).portalToken
})
beforeEach(() => {
  sandbox.reset()
})

function call(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${sandbox.apiUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: apiHeaders(token),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

async function list(query: Record<string, string> = {}, token = owner) {
  const params = new URLSearchParams({ 'merchantID.eq': MERCHANT_IDS.acme, ...query })
  const response = await call(`/carts?${params}`, token)
  expect(response.status, await response.clone().text()).toBe(200)
  return v.parse(CartPageSchema, await response.json()).data
}

async function errorOf(response: Response) {
  return v.parse(ErrorBodySchema, await response.json()).error
}

const input: CartInput = {
  merchantID: MERCHANT_IDS.acme,
  programID: PROGRAM_IDS.acmeEcomm,
  customer: { name: 'Rosa Parks', email: 'rosa@example.com', phone: '+13035550142' },
  billingAddress: { line1: '1 Main St', city: 'Denver', region: 'CO', postalCode: '80202' },
  shippingAddress: { line1: '1 Main St', city: 'Denver', region: 'CO', postalCode: '80202' },
  items: [
    { name: 'Ridgeline 3-Person Tent', sku: 'TNT-RDG-3P', quantity: 2, unitPrice: 42_900 },
    { name: 'Water Filter', quantity: 1, unitPrice: 4_495 },
  ],
  discounts: [{ description: 'Spring sale', amount: 5_000 }],
  shipping: 1_495,
  tax: 6_000,
}

async function create(body: unknown = input, token = owner) {
  const response = await call('/carts', token, { method: 'POST', body })
  expect(response.status, await response.clone().text()).toBe(201)
  return v.parse(CartResponseSchema, await response.json()).data
}

describe('cart list', () => {
  it('has Acme Outdoor’s seeded carts in every status, newest first, with search and status filters', async () => {
    const page = await list({ limit: '100' })
    expect(page.pagination.total).toBe(ACME_CART_COUNT)
    const all = [...page.items, ...(await list({ limit: '100', offset: '100' })).items]
    expect(new Set(all.map((cart) => cart.status))).toEqual(new Set(CART_STATUSES))
    const times = all.map((cart) => cart.createdAt.getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))

    const sent = await list({ status: 'SENT,OPENED' })
    expect(sent.pagination.total).toBeGreaterThan(0)
    expect(sent.items.every((cart) => cart.status === 'SENT' || cart.status === 'OPENED')).toBe(true)

    const someone = all[7]
    if (!someone) throw new Error('no cart')
    const last = someone.customer.name.split(' ')[1] ?? ''
    const found = await list({ search: last.toUpperCase() })
    expect(found.items.length).toBeGreaterThan(0)
    expect(found.items.every((cart) => cart.customer.name.includes(last))).toBe(true)
    expect((await list({ search: someone.reference })).items.map((cart) => cart.id)).toEqual([someone.id])
  })

  it('is the same after a reset', async () => {
    const before = await list({ limit: '5' })
    sandbox.reset()
    expect(await list({ limit: '5' })).toEqual(before)
  })

  it('refuses a merchant without an ecommerce program, and another merchant’s list', async () => {
    const clinic = (await control.session('clinic@initech.test')).portalToken
    const params = new URLSearchParams({ 'merchantID.eq': MERCHANT_IDS.initech })
    const refused = await call(`/carts?${params}`, clinic)
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).code).toBe('no_ecommerce_program')
    const other = await call(`/carts?merchantID.eq=${MERCHANT_IDS.globex}`, owner)
    expect(other.status).toBe(403)
  })
})

describe('a created cart', () => {
  it('persists with computed totals, a reference and a link, and leads the list', async () => {
    const cart = await create()
    expect(cart.status).toBe('OPEN')
    expect(cart.totals).toEqual({
      subtotal: 90_295,
      discount: 5_000,
      shipping: 1_495,
      tax: 6_000,
      total: 92_790,
    })
    expect(cart.reference).toMatch(/^AO-C-\d+$/)
    expect(cart.checkoutUrl).toMatch(/^https:\/\//)
    expect(cart.history.map((event) => [event.type, event.actor])).toEqual([['CREATED', 'owner@acme.test']])

    const again = await call(`/carts/${cart.id}`, owner)
    expect(v.parse(CartResponseSchema, await again.json()).data).toEqual(cart)
    const [first] = (await list({ limit: '1' })).items
    expect(first?.id).toBe(cart.id)
    expect(first?.total).toBe(92_790)
  })

  it('is refused with a program that is not the merchant’s ecommerce one, or too big a discount', async () => {
    const instore = await call('/carts', owner, {
      method: 'POST',
      body: { ...input, programID: PROGRAM_IDS.acmeInstore },
    })
    expect(instore.status).toBe(400)
    expect((await errorOf(instore)).code).toBe('program_not_allowed')
    const discount = await call('/carts', owner, {
      method: 'POST',
      body: { ...input, discounts: [{ description: 'Too much', amount: 100_000_00 }] },
    })
    expect(discount.status).toBe(400)
    expect((await errorOf(discount)).code).toBe('discount_exceeds_subtotal')
    const invalid = await call('/carts', owner, { method: 'POST', body: { ...input, items: [] } })
    expect(invalid.status).toBe(400)
    expect((await errorOf(invalid)).code).toBe('validation_failed')
  })

  it('is sent by email and SMS (recorded in the outbox), resent, edited, then expired for good', async () => {
    const cart = await create()
    await control.clearOutbox()
    const notify = await call(`/carts/${cart.id}/notify`, owner, {
      method: 'POST',
      body: { channels: ['EMAIL', 'SMS'] },
    })
    expect(notify.status).toBe(200)
    expect(v.parse(CartResponseSchema, await notify.json()).data.status).toBe('SENT')
    const messages = await control.outbox({ kind: 'CART_LINK' })
    expect(messages.map((message) => [message.channel, message.to])).toEqual(
      expect.arrayContaining([
        ['EMAIL', 'rosa@example.com'],
        ['SMS', '+13035550142'],
      ]),
    )
    expect(messages.every((message) => message.link === cart.checkoutUrl)).toBe(true)

    const resend = await call(`/carts/${cart.id}/notify`, owner, {
      method: 'POST',
      body: { channels: ['EMAIL'] },
    })
    const resent = v.parse(CartResponseSchema, await resend.json()).data
    expect(resent.history.filter((event) => event.type === 'SENT').map((event) => event.channels)).toEqual([
      ['EMAIL', 'SMS'],
      ['EMAIL'],
    ])
    expect(await control.outbox({ to: 'rosa@example.com' })).toHaveLength(2)

    const edit = await call(`/carts/${cart.id}`, owner, { method: 'PATCH', body: { ...input, tax: 0 } })
    expect(edit.status).toBe(200)
    expect(v.parse(CartResponseSchema, await edit.json()).data.totals.total).toBe(86_790)

    const expire = await call(`/carts/${cart.id}/expire`, owner, { method: 'POST' })
    const expired = v.parse(CartResponseSchema, await expire.json()).data
    expect(expired.status).toBe('EXPIRED')
    expect(expired.history.map((event) => event.type)).toEqual([
      'CREATED',
      'SENT',
      'SENT',
      'UPDATED',
      'EXPIRED',
    ])

    for (const [path, method, body] of [
      [`/carts/${cart.id}/expire`, 'POST', undefined],
      [`/carts/${cart.id}/notify`, 'POST', { channels: ['EMAIL'] }],
      [`/carts/${cart.id}`, 'PATCH', input],
    ] as const) {
      const refused = await call(path, owner, { method, body })
      expect(refused.status, path).toBe(409)
      expect((await errorOf(refused)).code).toBe('cart_closed')
    }
  })

  it('cannot be texted to a customer without a phone number', async () => {
    const cart = await create({ ...input, customer: { name: 'No Phone', email: 'np@example.com' } })
    const refused = await call(`/carts/${cart.id}/notify`, owner, {
      method: 'POST',
      body: { channels: ['SMS'] },
    })
    expect(refused.status).toBe(400)
    expect((await errorOf(refused)).code).toBe('no_phone')
  })
})

describe('what the UI hides from a read-only user, the API refuses', () => {
  it('lets viewer@acme.test read carts but not create, notify, edit or expire them', async () => {
    const cart = await create()
    expect((await list({ limit: '1' }, viewer)).items[0]?.id).toBe(cart.id)
    expect((await call(`/carts/${cart.id}`, viewer)).status).toBe(200)
    for (const [path, method, body] of [
      ['/carts', 'POST', input],
      [`/carts/${cart.id}/notify`, 'POST', { channels: ['EMAIL'] }],
      [`/carts/${cart.id}/expire`, 'POST', undefined],
      [`/carts/${cart.id}`, 'PATCH', input],
    ] as const) {
      const refused = await call(path, viewer, { method, body })
      expect(refused.status, `${method} ${path}`).toBe(403)
      expect((await errorOf(refused)).code).toBe('insufficient_scope')
    }
    const unchanged = v.parse(CartResponseSchema, await (await call(`/carts/${cart.id}`, owner)).json()).data
    expect(unchanged.status).toBe('OPEN')
    expect(unchanged.history).toHaveLength(1)
  })
})
