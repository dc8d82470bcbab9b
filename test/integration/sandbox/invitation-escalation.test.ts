// @vitest-environment node
import * as v from 'valibot'
import { beforeEach, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../contract/error'
import { MerchantUserResponseSchema, USER_ERROR_CODES } from '../../../contract/users'
import { createControl } from '../../../sandbox/control'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { MERCHANT_OWNER_SCOPES, SCOPES } from '../../../sandbox/data/personas'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const sandbox = fileSandbox()
const control = () => createControl(sandbox.apiUrl)
beforeEach(() => {
  sandbox.reset()
})

const base = `/api/merchant/${MERCHANT_IDS.acme}/users`

function call(method: string, path: string, token: string, body: unknown) {
  return fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: apiHeaders(token),
    body: JSON.stringify(body),
  })
}

/** A user manager who may read everything and change users, and nothing else (no write scope). */
async function userManager() {
  const scopes = [...MERCHANT_OWNER_SCOPES.filter((scope) => scope.startsWith('r:')), SCOPES.usersWrite]
  return (await control().session('owner@acme.test', undefined, { scopes })).portalToken
}

describe('invitations grant at most the inviter’s access', () => {
  it('refuses to invite someone with more access than the inviter holds, naming what is missing', async () => {
    const token = await userManager()
    const response = await call('POST', base, token, {
      email: 'too.much@acme.test',
      accessLevel: 'READ/WRITE',
    })
    expect(response.status).toBe(403)
    const { error } = v.parse(ErrorBodySchema, await response.json())
    expect(error.code).toBe(USER_ERROR_CODES.exceedsInviter)
    expect(error.details).toMatchObject({ missingScopes: expect.arrayContaining([SCOPES.txRefund]) })
    const allowed = await call('POST', base, token, { email: 'just.right@acme.test', accessLevel: 'READ' })
    expect(allowed.status).toBe(201)
    const outbox = await control().outbox({ kind: 'INVITATION' })
    expect(outbox.map((message) => message.to)).toEqual(['just.right@acme.test'])
  })

  it('refuses an access change to more than the caller holds, and lets the owner make it', async () => {
    const owner = (await control().session('owner@acme.test')).portalToken
    const invited = await call('POST', base, owner, { email: 'reader@acme.test', accessLevel: 'READ' })
    const user = v.parse(MerchantUserResponseSchema, await invited.json()).data
    const raise = { accessLevel: 'READ/WRITE' }
    const refused = await call('PATCH', `${base}/${user.id}`, await userManager(), raise)
    expect(refused.status).toBe(403)
    expect(v.parse(ErrorBodySchema, await refused.json()).error.code).toBe(USER_ERROR_CODES.exceedsInviter)
    const done = await call('PATCH', `${base}/${user.id}`, owner, raise)
    expect(v.parse(MerchantUserResponseSchema, await done.json()).data.accessLevel).toBe('READ/WRITE')
  })
})
