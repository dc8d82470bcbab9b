// @vitest-environment node
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createControl, type SandboxControl } from '../../../sandbox/control'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

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

const USERS = `/api/merchant/${MERCHANT_IDS.acme}/users`

function invite(email: string, key?: string, token = ownerToken): Promise<Response> {
  return fetch(`${sandbox.apiUrl}${USERS}`, {
    method: 'POST',
    headers: apiHeaders(token, key ? { 'Idempotency-Key': key } : {}),
    body: JSON.stringify({ email, accessLevel: 'READ' }),
  })
}

async function usersNamed(email: string): Promise<number> {
  const response = await fetch(`${sandbox.apiUrl}${USERS}?search=${encodeURIComponent(email)}`, {
    headers: apiHeaders(ownerToken),
  })
  const page = (await response.json()) as { data: { items: unknown[] } }
  return page.data.items.length
}

describe('Idempotency-Key on every write', () => {
  it('replays the first answer to the same key and request: one effect', async () => {
    const first = await invite('pat@acme.example', 'key-1')
    const again = await invite('pat@acme.example', 'key-1')
    expect([first.status, again.status]).toEqual([201, 201])
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual(await first.json())
    expect(await usersNamed('pat@acme.example')).toBe(1)
    // Without a key the platform answers the second send for itself.
    expect((await invite('pat@acme.example')).status).toBe(409)
  })

  it('refuses the same key for another request', async () => {
    expect((await invite('pat@acme.example', 'key-2')).status).toBe(201)
    const other = await invite('sam@acme.example', 'key-2')
    expect(other.status).toBe(409)
    expect(await other.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } })
    expect(await usersNamed('sam@acme.example')).toBe(0)
  })

  it('keeps no refused answer: the same key may be sent again once the cause is gone', async () => {
    await control.addFault({ method: 'POST', path: USERS, kind: 'status', status: 503, times: 1 })
    expect((await invite('pat@acme.example', 'key-3')).status).toBe(503)
    expect((await invite('pat@acme.example', 'key-3')).status).toBe(201)
    expect(await usersNamed('pat@acme.example')).toBe(1)
  })

  it('acts once for sends of one key that arrive together', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => invite('pat@acme.example', 'key-4')))
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201])
    expect(await usersNamed('pat@acme.example')).toBe(1)
  })

  it("acts once when the first answer was lost after the platform acted ('drop-answer')", async () => {
    await control.addFault({ method: 'POST', path: USERS, kind: 'drop-answer', times: 1 })
    await expect(invite('pat@acme.example', 'key-5')).rejects.toThrow()
    const retried = await invite('pat@acme.example', 'key-5')
    expect(retried.status).toBe(201)
    expect(retried.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await usersNamed('pat@acme.example')).toBe(1)
  })

  it("keeps one user's keys apart from another's", async () => {
    const ops = (await control.session('ops@provider.test', MERCHANT_IDS.acme)).portalToken
    expect((await invite('pat@acme.example', 'shared-key')).status).toBe(201)
    const theirs = await invite('sam@acme.example', 'shared-key', ops)
    expect(theirs.status).toBe(201)
    expect(theirs.headers.get('Idempotent-Replayed')).toBeNull()
  })
})
