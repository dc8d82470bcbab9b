// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../contract/error'
import { MerchantUserPageSchema, MerchantUserResponseSchema } from '../../../contract/users'
import { createControl, type SandboxControl } from '../../../sandbox/control'
import { MERCHANT_IDS, USER_IDS } from '../../../sandbox/data/ids'
import { ACME_COLLEAGUE_COUNT } from '../../../sandbox/resources/users'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const sandbox = fileSandbox()
let control: SandboxControl
let owner: string

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
  owner = (await control.session('owner@acme.test')).portalToken
})
beforeEach(() => {
  sandbox.reset()
})

const base = `/api/merchant/${MERCHANT_IDS.acme}/users`

function call(path: string, token: string, init: { method?: string; body?: unknown; origin?: string } = {}) {
  return fetch(`${sandbox.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: apiHeaders(token, init.origin ? { Origin: init.origin } : {}),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

async function list(query: Record<string, string> = {}) {
  const response = await call(`${base}?${new URLSearchParams({ limit: '100', ...query })}`, owner)
  expect(response.status, await response.clone().text()).toBe(200)
  return v.parse(MerchantUserPageSchema, await response.json()).data
}

async function userAt(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await call(path, owner, init)
  expect(response.status, await response.clone().text()).toBeLessThan(300)
  return v.parse(MerchantUserResponseSchema, await response.json()).data
}

const errorCode = async (response: Response) => v.parse(ErrorBodySchema, await response.json()).error.code

describe('users of a merchant', () => {
  it('lists Acme Outdoor’s personas under their own ids and their colleagues in every status', async () => {
    const { items, pagination } = await list()
    expect(pagination.total).toBe(ACME_COLLEAGUE_COUNT + 2)
    const owner_ = items.find((user) => user.id === USER_IDS.owner)
    expect(owner_).toMatchObject({ email: 'owner@acme.test', accessLevel: 'READ/WRITE', status: 'ACTIVE' })
    expect(items.find((user) => user.id === USER_IDS.viewer)).toMatchObject({ accessLevel: 'READ' })
    expect(new Set(items.map((user) => user.status))).toEqual(new Set(['INVITED', 'ACTIVE', 'DEACTIVATED']))
    expect((await list({ status: 'INVITED' })).items.every((user) => user.lastSignInAt === null)).toBe(true)
    expect((await list({ search: 'VIEWER' })).items.map((user) => user.id)).toEqual([USER_IDS.viewer])
  })

  it('invites by email: the outbox has the activation link, and using it makes the user active', async () => {
    const invited = await userAt(base, {
      method: 'POST',
      body: { email: ' New.Hire@Acme.test ', name: 'Nia Hire', accessLevel: 'READ' },
    })
    expect(invited).toMatchObject({ email: 'new.hire@acme.test', status: 'INVITED', accessLevel: 'READ' })
    const [mail] = await control.outbox({ to: 'new.hire@acme.test', kind: 'INVITATION' })
    expect(mail?.link).toMatch(/^http:\/\/localhost:5173\/activate\/[\w-]+$/)
    const token = decodeURIComponent(mail?.link.split('/').pop() ?? '')
    expect((await control.activationTokens('new.hire@acme.test'))[0]?.token).toBe(token)

    const again = await call(base, owner, {
      method: 'POST',
      body: { email: 'new.hire@acme.test', accessLevel: 'READ' },
    })
    expect(again.status).toBe(409)
    expect(await errorCode(again)).toBe('user_exists')

    // A resent invitation replaces the first link.
    await userAt(`${base}/${invited.id}/resend-invitation`, { method: 'POST' })
    const [latest] = await control.outbox({ to: 'new.hire@acme.test' })
    const newToken = decodeURIComponent(latest?.link.split('/').pop() ?? '')
    expect(newToken).not.toBe(token)
    const stale = await fetch(`${sandbox.apiUrl}/api/auth/activation/${token}`, { headers: apiHeaders() })
    expect(stale.status).toBe(410)

    const activated = await fetch(`${sandbox.apiUrl}/api/auth/activation/${newToken}`, {
      method: 'POST',
      headers: apiHeaders(),
      body: JSON.stringify({ password: 'Trailhead2026' }),
    })
    expect(activated.status).toBe(200)
    expect((await list({ search: 'new.hire' })).items[0]?.status).toBe('ACTIVE')
    const resend = await call(`${base}/${invited.id}/resend-invitation`, owner, { method: 'POST' })
    expect(resend.status).toBe(409)
  })

  it('points the invitation at the portal that sent it', async () => {
    await call(base, owner, {
      method: 'POST',
      body: { email: 'preview@acme.test', accessLevel: 'READ' },
      origin: 'http://localhost:4173',
    })
    const [mail] = await control.outbox({ to: 'preview@acme.test' })
    expect(mail?.link.startsWith('http://localhost:4173/activate/')).toBe(true)
  })

  it('changes access, deactivates and reactivates others, but never the signed-in user', async () => {
    const viewerUrl = `${base}/${USER_IDS.viewer}`
    expect(
      (await userAt(viewerUrl, { method: 'PATCH', body: { accessLevel: 'READ/WRITE' } })).accessLevel,
    ).toBe('READ/WRITE')
    expect((await userAt(`${viewerUrl}/deactivate`, { method: 'POST' })).status).toBe('DEACTIVATED')
    expect((await call(`${viewerUrl}/deactivate`, owner, { method: 'POST' })).status).toBe(409)
    expect((await userAt(`${viewerUrl}/reactivate`, { method: 'POST' })).status).toBe('ACTIVE')

    const self = `${base}/${USER_IDS.owner}`
    const deactivateSelf = await call(`${self}/deactivate`, owner, { method: 'POST' })
    expect(deactivateSelf.status).toBe(409)
    expect(await errorCode(deactivateSelf)).toBe('cannot_change_self')
    const demoteSelf = await call(self, owner, { method: 'PATCH', body: { accessLevel: 'READ' } })
    expect(demoteSelf.status).toBe(409)
    expect((await list({ search: 'owner@' })).items[0]).toMatchObject({
      status: 'ACTIVE',
      accessLevel: 'READ/WRITE',
    })
  })

  it('refuses everything to a user without the users scopes, and other merchants’ users to everyone', async () => {
    const viewer = (await control.session('viewer@acme.test')).portalToken
    for (const [path, method, body] of [
      [base, 'GET', undefined],
      [base, 'POST', { email: 'x@acme.test', accessLevel: 'READ' }],
      [`${base}/${USER_IDS.owner}/deactivate`, 'POST', undefined],
      [`${base}/${USER_IDS.owner}`, 'PATCH', { accessLevel: 'READ' }],
    ] as const) {
      const refused = await call(path, viewer, { method, body })
      expect(refused.status, `${method} ${path}`).toBe(403)
      expect(await errorCode(refused)).toBe('insufficient_scope')
    }
    expect((await call(`/api/merchant/${MERCHANT_IDS.globex}/users`, owner)).status).toBe(403)
  })
})
