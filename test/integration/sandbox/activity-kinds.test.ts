// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ActivityEntry, ActivityPageSchema } from '../../../contract/activity'
import { LocationPageSchema } from '../../../contract/locations'
import { TransactionPageSchema } from '../../../contract/transactions'
import { MerchantUserPageSchema } from '../../../contract/users'
import { createControl, type SandboxControl } from '../../../sandbox/control'
import { MERCHANT_IDS, PROGRAM_IDS, USER_IDS } from '../../../sandbox/data/ids'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

// The kinds activity.test.ts leaves out: dispute answers, locations, passwords, exports, user resends
// and reactivations.

const sandbox = fileSandbox()
let control: SandboxControl
let owner: string

beforeAll(() => {
  control = createControl(sandbox.apiUrl)
})
beforeEach(async () => {
  sandbox.reset()
  owner = (await control.session('owner@acme.test')).portalToken
})

const acme = (path: string) => `/api/merchant/${MERCHANT_IDS.acme}/${path}`
let sent = 0

async function call(method: string, path: string, body?: unknown, status = 200): Promise<unknown> {
  sent += 1
  const response = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: apiHeaders(owner, method === 'GET' ? {} : { 'Idempotency-Key': `kinds-${Date.now()}-${sent}` }),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(response.status, await response.clone().text()).toBe(status)
  return response.status === 204 ? undefined : response.json()
}

async function latest(kind: string): Promise<ActivityEntry> {
  const page = v.parse(ActivityPageSchema, await call('GET', `${acme('activity')}?kind=${kind}&limit=1`)).data
  const [entry] = page.items
  if (!entry) throw new Error(`no ${kind} entry`)
  expect(entry.actor.id).toBe(USER_IDS.owner)
  return entry
}

describe('activity log kinds', () => {
  it('records a dispute accepted, with the dispute’s status before and after', async () => {
    const query = new URLSearchParams({
      'merchantID.eq': MERCHANT_IDS.acme,
      status: 'DISPUTED',
      needsAction: 'true',
      limit: '50',
    })
    const page = v.parse(TransactionPageSchema, await call('GET', `/api/transactions?${query}`)).data
    const open = page.items.find((row) => row.dispute?.status === 'NEEDS_RESPONSE')
    if (!open) throw new Error('no dispute awaiting a response')
    await call('POST', `/api/transactions/${open.id}/dispute/accept`, {})
    const entry = await latest('dispute.accepted')
    expect(entry.target).toMatchObject({ type: 'transaction', id: open.id })
    expect(entry.changes).toContainEqual({ field: 'dispute', before: 'NEEDS_RESPONSE', after: 'ACCEPTED' })
  })

  it('records a location update with the fields that changed', async () => {
    const stores = v.parse(LocationPageSchema, await call('GET', `${acme('locations')}?limit=1`)).data
    const [store] = stores.items
    if (!store) throw new Error('no location')
    const { name, phone, hours, status } = store
    await call('PATCH', acme(`locations/${store.id}`), { name: `${name} (east)`, phone, hours, status })
    const entry = await latest('location.updated')
    expect(entry.target).toMatchObject({ type: 'location', id: store.id })
    expect(entry.changes).toEqual([{ field: 'name', before: name, after: `${name} (east)` }])
  })

  it('records a password change without the password', async () => {
    await call(
      'POST',
      '/api/user/password',
      { currentPassword: 'sandbox', newPassword: 'Correct-Horse-42' },
      204,
    )
    const entry = await latest('password.changed')
    expect(entry.target).toEqual({ type: 'user', id: USER_IDS.owner })
    expect(JSON.stringify(entry)).not.toContain('Correct-Horse-42')
  })

  it('records an export request with its range', async () => {
    // Days well before today in any time zone: a range may not end after the merchant's today.
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
    const body = { merchantID: MERCHANT_IDS.acme, programID: PROGRAM_IDS.acmeEcomm, from: day(9), to: day(2) }
    await call('POST', '/api/targeting-exports', body, 201)
    const entry = await latest('export.requested')
    expect(entry.changes).toContainEqual({ field: 'programID', after: PROGRAM_IDS.acmeEcomm })
  })

  it('records an invitation resent and a user reactivated', async () => {
    const invited = v.parse(
      MerchantUserPageSchema,
      await call('GET', `${acme('users')}?status=INVITED&limit=1`),
    )
    const [user] = invited.data.items
    if (!user) throw new Error('no invited user')
    await call('POST', acme(`users/${user.id}/resend-invitation`), {})
    expect((await latest('user.invitation_resent')).target).toMatchObject({ id: user.id, label: user.email })
    await call('POST', acme(`users/${user.id}/deactivate`), {})
    await call('POST', acme(`users/${user.id}/reactivate`), {})
    expect((await latest('user.reactivated')).changes).toContainEqual({
      field: 'status',
      before: 'DEACTIVATED',
      after: 'INVITED',
    })
  })
})
