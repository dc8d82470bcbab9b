// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  IssuedAccessKeySchema,
  ManagedAccessKeyListSchema,
  RevokedAccessKeySchema,
} from '../../../contract/access-keys'
import { ErrorBodySchema } from '../../../contract/error'
import { AccessKeySecretSchema } from '../../../contract/settings'
import { createControl, type SandboxControl } from '../../../sandbox/control'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const sandbox = fileSandbox()
let control: SandboxControl
let owner: string

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
})
beforeEach(async () => {
  sandbox.reset()
  owner = (await control.session('owner@acme.test')).portalToken
})

const base = `/api/merchant/${MERCHANT_IDS.acme}/access-keys`
const HOUR = 60 * 60 * 1000

function call(method: string, path: string, token: string, body?: unknown, key?: string) {
  return fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: apiHeaders(token, key ? { 'Idempotency-Key': key } : {}),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function list(token = owner) {
  const response = await call('GET', base, token)
  expect(response.status).toBe(200)
  const text = await response.text()
  return { text, items: v.parse(ManagedAccessKeyListSchema, JSON.parse(text)).data.items }
}

async function create(name: string, environment = 'PRODUCTION') {
  const response = await call('POST', base, owner, { name, environment })
  expect(response.status, await response.clone().text()).toBe(201)
  return v.parse(IssuedAccessKeySchema, await response.json()).data
}

async function codeOf(response: Response) {
  return v.parse(ErrorBodySchema, await response.json()).error.code
}

describe('access key lifecycle', () => {
  it('answers a new key’s secret once: never in the list, the reveal call or a later answer', async () => {
    const made = await create('Mobile app')
    expect(made.secret).toMatch(/^sk_live_[A-Za-z0-9]{32}$/)
    expect(made.key).toMatchObject({
      name: 'Mobile app',
      status: 'ACTIVE',
      expiresAt: null,
      lastUsedAt: null,
    })
    expect(made.key.secretLast4).toBe(made.secret.slice(-4))
    const { text, items } = await list()
    expect(items.filter((key) => key.environment === 'PRODUCTION').length).toBeGreaterThanOrEqual(3)
    expect(text).not.toContain(made.secret)
    expect(text).not.toMatch(/sk_(test|live)_/)
    const reveal = await call('POST', `${base}/${made.key.id}/reveal`, owner, {})
    expect(reveal.status).toBe(410)
    expect(await codeOf(reveal)).toBe('secret_not_retrievable')
    const revoked = await call('POST', `${base}/${made.key.id}/revoke`, owner, { confirmName: 'Mobile app' })
    expect(await revoked.text()).not.toContain(made.secret)
  })

  it('acts once for a create sent twice with one Idempotency-Key, and never answers its secret again', async () => {
    const first = await call('POST', base, owner, { name: 'Kiosk', environment: 'SANDBOX' }, 'key-create-1')
    const { secret } = v.parse(IssuedAccessKeySchema, await first.json()).data
    const again = await call('POST', base, owner, { name: 'Kiosk', environment: 'SANDBOX' }, 'key-create-1')
    expect(again.status).toBe(409)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    const text = await again.text()
    expect(text).not.toContain(secret)
    expect(v.parse(ErrorBodySchema, JSON.parse(text)).error.code).toBe('secret_not_retrievable')
    expect((await list()).items.filter((key) => key.name === 'Kiosk')).toHaveLength(1)
  })

  it('keeps a rotated-out key listed until its grace period ends by the sandbox clock, then drops it', async () => {
    const made = await create('Web checkout 2')
    const response = await call('POST', `${base}/${made.key.id}/rotate`, owner, { graceHours: 1 })
    expect(response.status).toBe(200)
    const rotated = v.parse(IssuedAccessKeySchema, await response.json()).data
    expect(rotated.secret).not.toBe(made.secret)
    expect(rotated.key).toMatchObject({ name: 'Web checkout 2', status: 'ACTIVE' })
    expect(rotated.previous).toMatchObject({ id: made.key.id, status: 'EXPIRING' })
    const until = rotated.previous?.expiresAt?.getTime() ?? 0
    expect(until - Date.now()).toBeGreaterThan(HOUR - 60_000)
    expect(until - Date.now()).toBeLessThanOrEqual(HOUR)
    const during = (await list()).items
    expect(during.find((key) => key.id === made.key.id)).toMatchObject({ status: 'EXPIRING' })
    const twice = await call('POST', `${base}/${made.key.id}/rotate`, owner, { graceHours: 0 })
    expect(twice.status).toBe(409)
    expect(await codeOf(twice)).toBe('key_not_active')
    await control.advanceClock(HOUR + 1000)
    const after = (await list()).items
    expect(after.some((key) => key.id === made.key.id)).toBe(false)
    expect(after.some((key) => key.id === rotated.key.id)).toBe(true)
  })

  it('drops the old key at once with no grace period, and refuses other grace periods', async () => {
    const made = await create('Batch jobs')
    const odd = await call('POST', `${base}/${made.key.id}/rotate`, owner, { graceHours: 2 })
    expect(odd.status).toBe(400)
    const response = await call('POST', `${base}/${made.key.id}/rotate`, owner, { graceHours: 0 })
    const rotated = v.parse(IssuedAccessKeySchema, await response.json()).data
    expect(rotated.previous).toMatchObject({ status: 'REVOKED' })
    expect((await list()).items.some((key) => key.id === made.key.id)).toBe(false)
  })

  it('revokes a key only when its name is typed exactly', async () => {
    const made = await create('Point of sale 2')
    const wrong = await call('POST', `${base}/${made.key.id}/revoke`, owner, {
      confirmName: 'point of sale 2',
    })
    expect(wrong.status).toBe(422)
    expect(await codeOf(wrong)).toBe('key_name_mismatch')
    const right = await call('POST', `${base}/${made.key.id}/revoke`, owner, {
      confirmName: 'Point of sale 2',
    })
    expect(right.status).toBe(200)
    expect(v.parse(RevokedAccessKeySchema, await right.json()).data.status).toBe('REVOKED')
    expect((await list()).items.some((key) => key.id === made.key.id)).toBe(false)
    const gone = await call('POST', `${base}/${made.key.id}/revoke`, owner, {
      confirmName: 'Point of sale 2',
    })
    expect(gone.status).toBe(404)
  })

  it('lets read-only users list keys and refuses them every change', async () => {
    const made = await create('Reporting')
    const support = (await control.session('support@provider.test', MERCHANT_IDS.acme)).portalToken
    const { items } = await list(support)
    expect(items.some((key) => key.id === made.key.id)).toBe(true)
    const attempts = [
      call('POST', base, support, { name: 'Mine', environment: 'SANDBOX' }),
      call('POST', `${base}/${made.key.id}/rotate`, support, { graceHours: 0 }),
      call('POST', `${base}/${made.key.id}/revoke`, support, { confirmName: 'Reporting' }),
    ]
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403)
      expect(await codeOf(response)).toBe('insufficient_scope')
    }
  })

  it('still reveals a seeded key’s secret for the current page', async () => {
    const seeded = (await list()).items.find((key) => key.name === 'Sandbox key')
    if (!seeded) throw new Error('no seeded key')
    const response = await call('POST', `${base}/${seeded.id}/reveal`, owner, {})
    expect(
      v.parse(AccessKeySecretSchema, await response.json()).data.secret.endsWith(seeded.secretLast4),
    ).toBe(true)
  })
})
