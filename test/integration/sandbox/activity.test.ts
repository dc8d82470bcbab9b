// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { IssuedAccessKeySchema } from '../../../contract/access-keys'
import { ACTIVITY_PAGE_LIMIT, type ActivityEntry, ActivityPageSchema } from '../../../contract/activity'
import type { CartInput } from '../../../contract/carts'
import { CheckoutDesignResponseSchema, CheckoutDesignUpdateSchema } from '../../../contract/settings'
import { TransactionPageSchema } from '../../../contract/transactions'
import { IssuedVirtualCardResponseSchema } from '../../../contract/virtual-cards'
import { createControl, type SandboxControl } from '../../../sandbox/control'
import { MERCHANT_IDS, PROGRAM_IDS, USER_IDS } from '../../../sandbox/data/ids'
import { ACME_ACTIVITY_COUNT } from '../../../sandbox/resources/activity-records'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const sandbox = fileSandbox()
let control: SandboxControl
let owner: string
/** ops@provider.test acting for Acme Outdoor: issues virtual cards. */
let ops: string

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
})
beforeEach(async () => {
  sandbox.reset()
  owner = (await control.session('owner@acme.test')).portalToken
  ops = (await control.session('ops@provider.test', MERCHANT_IDS.acme)).portalToken
})

const acme = (path: string) => `/api/merchant/${MERCHANT_IDS.acme}/${path}`
let keys = 0

function call(method: string, path: string, token: string, body?: unknown) {
  keys += 1
  return fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: apiHeaders(
      token,
      method === 'GET' ? {} : { 'Idempotency-Key': `activity-${Date.now()}-${keys}` },
    ),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function ok(response: Promise<Response>, status = 200): Promise<unknown> {
  const answered = await response
  expect(answered.status, await answered.clone().text()).toBe(status)
  return answered.json()
}

async function activity(query: Record<string, string> = {}, token = owner) {
  const response = await call('GET', `${acme('activity')}?${new URLSearchParams(query)}`, token)
  const text = await response.clone().text()
  expect(response.status, text).toBe(200)
  return { text, page: v.parse(ActivityPageSchema, await response.json()).data }
}

async function latest(kind: string): Promise<ActivityEntry> {
  const [entry] = (await activity({ kind, limit: '1' })).page.items
  if (!entry) throw new Error(`no ${kind} entry`)
  return entry
}

const cart: CartInput = {
  merchantID: MERCHANT_IDS.acme,
  programID: PROGRAM_IDS.acmeEcomm,
  customer: { name: 'Rosa Parks', email: 'rosa@example.com', phone: '+13035550142' },
  billingAddress: { line1: '1 Main St', city: 'Denver', region: 'CO', postalCode: '80202' },
  shippingAddress: { line1: '1 Main St', city: 'Denver', region: 'CO', postalCode: '80202' },
  items: [{ name: 'Water Filter', quantity: 1, unitPrice: 4_495 }],
  discounts: [],
  shipping: 0,
  tax: 0,
}

/** Every string and number in a JSON value, numbers as text. */
function leafValues(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (typeof value === 'number') return [String(value)]
  if (Array.isArray(value)) return value.flatMap(leafValues)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(leafValues)
  return []
}

describe('activity log', () => {
  it('pages through thousands of seeded entries newest first, and only for the users read scope', async () => {
    const { page } = await activity({ limit: String(ACTIVITY_PAGE_LIMIT) })
    expect(page.pagination.total).toBeGreaterThanOrEqual(ACME_ACTIVITY_COUNT)
    expect(page.items).toHaveLength(ACTIVITY_PAGE_LIMIT)
    const times = page.items.map((entry) => entry.at.getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const next = (await activity({ limit: '50', offset: '200' })).page.items[0]
    expect(next?.at.getTime()).toBeLessThanOrEqual(times.at(-1) ?? 0)
    const tooMany = await call('GET', `${acme('activity')}?limit=${ACTIVITY_PAGE_LIMIT + 1}`, owner)
    expect(tooMany.status).toBe(400)
    const viewer = (await control.session('viewer@acme.test')).portalToken
    expect((await call('GET', acme('activity'), viewer)).status).toBe(403)
  })

  it('filters by actor, kind and instants', async () => {
    const everyone = (await activity({ limit: '200' })).page.items
    const someone = everyone[3]?.actor.id ?? ''
    const mine = await activity({ actor: someone, limit: '200' })
    expect(mine.page.items.every((entry) => entry.actor.id === someone)).toBe(true)
    expect(mine.page.pagination.total).toBeLessThan(ACME_ACTIVITY_COUNT)
    const kinds = await activity({ kind: 'cart.sent,transaction.refunded', limit: '200' })
    expect(new Set(kinds.page.items.map((entry) => entry.kind))).toEqual(
      new Set(['cart.sent', 'transaction.refunded']),
    )
    const middle = everyone[100]?.at.toISOString() ?? ''
    const newer = await activity({ from: middle, limit: '200' })
    expect(newer.page.items.every((entry) => entry.at.toISOString() >= middle)).toBe(true)
    const older = await activity({ to: middle, limit: '5' })
    expect(older.page.items.every((entry) => entry.at.toISOString() < middle)).toBe(true)
    expect(newer.page.pagination.total + older.page.pagination.total).toBe(
      (await activity()).page.pagination.total,
    )
    expect((await call('GET', `${acme('activity')}?from=yesterday`, owner)).status).toBe(400)
    expect((await call('GET', `${acme('activity')}?kind=nothing.done`, owner)).status).toBe(400)
  })

  it('records transaction actions with the actor and the before → after amounts', async () => {
    const params = new URLSearchParams({
      'merchantID.eq': MERCHANT_IDS.acme,
      status: 'AUTHORIZED',
      limit: '2',
    })
    const open = v.parse(
      TransactionPageSchema,
      await ok(call('GET', `/api/transactions?${params}`, owner)),
    ).data
    const [toSettle, toCancel] = open.items
    if (!toSettle || !toCancel) throw new Error('no open authorizations')
    await ok(call('POST', `/api/transactions/${toSettle.id}/settle`, owner, {}))
    const settled = await latest('transaction.settled')
    expect(settled.actor).toEqual({ id: USER_IDS.owner, email: 'owner@acme.test', name: 'Olivia Owner' })
    expect(settled.target).toMatchObject({ type: 'transaction', id: toSettle.id })
    expect(settled.changes).toContainEqual({ field: 'status', before: 'AUTHORIZED', after: 'SETTLED' })
    await ok(call('POST', `/api/transactions/${toSettle.id}/refund`, owner, { amount: 100 }))
    expect((await latest('transaction.refunded')).changes).toContainEqual(
      expect.objectContaining({ field: 'refunded', after: '1.00' }),
    )
    await ok(call('POST', `/api/transactions/${toCancel.id}/cancel`, owner, {}))
    expect((await latest('transaction.cancelled')).target.id).toBe(toCancel.id)
  })

  it('records carts, users and settings saves', async () => {
    const made = (await ok(call('POST', '/api/carts', owner, cart), 201)) as {
      data: { id: string; total: number }
    }
    const created = await latest('cart.created')
    expect(created.target).toMatchObject({ type: 'cart', id: made.data.id })
    expect(created.changes).toContainEqual({ field: 'total', after: (made.data.total / 100).toFixed(2) })
    await ok(call('POST', `/api/carts/${made.data.id}/notify`, owner, { channels: ['EMAIL'] }))
    expect((await latest('cart.sent')).changes).toContainEqual({
      field: 'status',
      before: 'OPEN',
      after: 'SENT',
    })
    await ok(call('POST', `/api/carts/${made.data.id}/expire`, owner))
    expect((await latest('cart.expired')).changes).toContainEqual({
      field: 'status',
      before: 'SENT',
      after: 'EXPIRED',
    })

    const invited = (await ok(
      call('POST', acme('users'), owner, { email: 'new.hire@acme.test', accessLevel: 'READ' }),
      201,
    )) as { data: { id: string } }
    expect((await latest('user.invited')).changes).toContainEqual({ field: 'accessLevel', after: 'READ' })
    await ok(call('PATCH', acme(`users/${invited.data.id}`), owner, { accessLevel: 'READ/WRITE' }))
    expect((await latest('user.access_changed')).changes).toEqual([
      { field: 'accessLevel', before: 'READ', after: 'READ/WRITE' },
    ])
    await ok(call('POST', acme(`users/${invited.data.id}/deactivate`), owner, {}))
    expect((await latest('user.deactivated')).target).toMatchObject({
      type: 'user',
      label: 'new.hire@acme.test',
    })

    const design = v.parse(
      CheckoutDesignResponseSchema,
      await ok(call('GET', acme('checkout-design'), owner)),
    ).data
    const update = { ...v.parse(CheckoutDesignUpdateSchema, design), headline: 'Gear up, pay later' }
    await ok(call('PUT', acme('checkout-design'), owner, update))
    const saved = await latest('settings.saved')
    expect(saved.target).toMatchObject({ type: 'settings', id: 'checkout-design' })
    expect(saved.changes).toContainEqual({
      field: 'headline',
      before: design.headline,
      after: 'Gear up, pay later',
    })
  })

  it('never holds a secret, a full card number or a full account number', async () => {
    await ok(
      call('PUT', acme('bank-information'), owner, {
        accountHolder: 'Acme Outdoor LLC',
        routingNumber: '021000021',
        accountNumber: '9876543210',
        accountType: 'CHECKING',
      }),
    )
    const bank = await latest('bank.changed')
    expect(bank.changes).toContainEqual(
      expect.objectContaining({ field: 'accountNumber', after: '•••• 3210' }),
    )
    expect(bank.changes).toContainEqual({
      field: 'status',
      before: 'VERIFIED',
      after: 'PENDING_VERIFICATION',
    })

    const card = v.parse(
      IssuedVirtualCardResponseSchema,
      await ok(
        call('POST', acme('virtual-cards'), ops, { programID: PROGRAM_IDS.acmeInstore, amount: 12_500 }),
        201,
      ),
    ).data
    const issued = await latest('card.issued')
    expect(issued.actor.email).toBe('ops@provider.test')
    expect(issued.target.label).toBe(`•••• ${card.number.slice(-4)}`)
    // Money in the log is decimal text in major units (contract/activity.ts), not the API's cents.
    expect(issued.changes).toContainEqual({ field: 'amount', after: '125.00' })

    const key = v.parse(
      IssuedAccessKeySchema,
      await ok(call('POST', acme('access-keys'), owner, { name: 'Audit', environment: 'SANDBOX' }), 201),
    ).data
    await ok(call('POST', acme(`access-keys/${key.key.id}/rotate`), owner, { graceHours: 24 }))
    expect((await latest('key.rotated')).changes).toContainEqual(
      expect.objectContaining({ field: 'status', before: 'ACTIVE', after: 'EXPIRING' }),
    )
    await ok(call('POST', acme(`access-keys/${key.key.id}/revoke`), owner, { confirmName: 'Audit' }))
    expect((await latest('key.revoked')).changes).toContainEqual(
      expect.objectContaining({ field: 'status', after: 'REVOKED' }),
    )
    expect((await latest('key.created')).changes).toContainEqual({ field: 'name', after: 'Audit' })

    const { text } = await activity({ limit: '20' })
    expect(text).not.toContain('9876543210')
    expect(text).not.toContain(card.number)
    // A CVV is three digits, which a time or an id in the log may hold by chance ("…T15:59:29.109Z"):
    // no field is named for it, and no value in the log is it.
    expect(text).not.toMatch(/cvv|cvc|securityCode/i)
    expect(leafValues(JSON.parse(text))).not.toContain(card.cvv)
    expect(text).not.toContain(key.secret)
    expect(text).not.toMatch(/sk_(test|live)_/)
  })

  it('writes one entry for a write sent twice with the same Idempotency-Key', async () => {
    const before = (await activity()).page.pagination.total
    const send = () =>
      fetch(`${sandbox.apiUrl}${acme('access-keys')}`, {
        method: 'POST',
        headers: apiHeaders(owner, { 'Idempotency-Key': 'activity-once' }),
        body: JSON.stringify({ name: 'Once', environment: 'SANDBOX' }),
      })
    await ok(send(), 201)
    // The replay acts on nothing, and withholds the secret the first answer showed.
    expect((await send()).status).toBe(409)
    expect((await activity()).page.pagination.total).toBe(before + 1)
  })
})
