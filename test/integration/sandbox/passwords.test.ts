// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../contract/error'
import {
  ActivationTokenInfoResponseSchema,
  SetPasswordResponseSchema,
  WeakPasswordDetailsSchema,
} from '../../../contract/passwords'
import { createControl, type SandboxControl } from '../../../sandbox/control'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders, redeemCode, signIn } from './helpers'

const STRONG = 'Correct-Horse-42'

const sandbox = fileSandbox()
let control: SandboxControl

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
})
beforeEach(() => {
  sandbox.reset()
})

function call(method: string, path: string, body?: unknown, token?: string): Promise<Response> {
  return fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: apiHeaders(token),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

const tokenInfo = (token: string) => call('GET', `/api/auth/activation/${token}`)
const setPassword = (token: string, password: string) =>
  call('POST', `/api/auth/activation/${token}`, { password })
const changePassword = (portalToken: string, currentPassword: string, newPassword: string) =>
  call('POST', '/api/user/password', { currentPassword, newPassword }, portalToken)

async function error(response: Response) {
  return v.parse(ErrorBodySchema, await response.json()).error
}

/** Signs in at the identity provider's page as a browser would; false when the password is refused. */
async function idpAccepts(username: string, password: string): Promise<boolean> {
  try {
    const { code, verifier } = await signIn(sandbox.idpUrl, username, password)
    await redeemCode(sandbox.idpUrl, code, verifier)
    return true
  } catch (failure) {
    if (failure instanceof Error && failure.message.includes('401')) return false
    throw failure
  }
}

describe('activation tokens', () => {
  it('describe a valid token without a portal token, set the password once, then answer 410', async () => {
    const token = await control.issueActivationToken({ email: 'Owner@Acme.test', purpose: 'ACTIVATE' })

    const info = await tokenInfo(token)
    expect(info.status).toBe(200)
    const { data } = v.parse(ActivationTokenInfoResponseSchema, await info.json())
    expect(data.email).toBe('owner@acme.test')
    expect(data.purpose).toBe('ACTIVATE')
    expect(data.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000)

    const saved = await setPassword(token, STRONG)
    expect(saved.status).toBe(200)
    expect(v.parse(SetPasswordResponseSchema, await saved.json()).data.email).toBe('owner@acme.test')

    const again = await setPassword(token, 'Another-Strong-43')
    expect(again.status).toBe(410)
    expect((await error(again)).code).toBe('token_used')
    const infoAfter = await tokenInfo(token)
    expect(infoAfter.status).toBe(410)
    expect((await error(infoAfter)).code).toBe('token_used')

    const [issued] = await control.activationTokens('owner@acme.test')
    expect(issued).toMatchObject({ token, purpose: 'ACTIVATE' })
    expect(issued?.usedAt).not.toBeNull()
  })

  it('answer 404 with a JSON error for an unknown token', async () => {
    for (const response of [await tokenInfo('no-such-token'), await setPassword('no-such-token', STRONG)]) {
      expect(response.status).toBe(404)
      expect((await error(response)).code).toBe('not_found')
    }
  })

  it('answer 410 for an expired token and do not change the password', async () => {
    const token = await control.issueActivationToken({
      email: 'owner@acme.test',
      purpose: 'RESET',
      expiresInSeconds: 0,
    })
    expect((await error(await tokenInfo(token))).code).toBe('token_expired')
    const refused = await setPassword(token, STRONG)
    expect(refused.status).toBe(410)
    expect((await error(refused)).code).toBe('token_expired')
    expect(await idpAccepts('owner@acme.test', 'sandbox')).toBe(true)
  })

  it('refuse a weak password with 400 weak_password listing the broken rules, and keep the token', async () => {
    const token = await control.issueActivationToken({ email: 'owner@acme.test', purpose: 'ACTIVATE' })
    const cases: [string, string[]][] = [
      ['short', ['length', 'uppercase', 'number']],
      ['ALLUPPERCASE123', ['lowercase']],
      ['alllowercase123', ['uppercase']],
      ['NoNumbersHereAtAll', ['number']],
      ['MyOwnerPassword1', ['notEmailName']],
    ]
    for (const [password, failedRules] of cases) {
      const response = await setPassword(token, password)
      expect(response.status, password).toBe(400)
      const body = await error(response)
      expect(body.code).toBe('weak_password')
      expect(body.message).toMatch(/^The password must have /)
      expect(v.parse(WeakPasswordDetailsSchema, body.details).failedRules, password).toEqual(failedRules)
    }
    expect((await tokenInfo(token)).status).toBe(200)
  })

  it('set a password the identity provider then accepts instead of the old one', async () => {
    const token = await control.issueActivationToken({ email: 'viewer@acme.test', purpose: 'ACTIVATE' })
    expect((await setPassword(token, STRONG)).status).toBe(200)
    expect(await idpAccepts('viewer@acme.test', STRONG)).toBe(true)
    expect(await idpAccepts('viewer@acme.test', 'sandbox')).toBe(false)
    // Other personas keep theirs.
    expect(await idpAccepts('owner@acme.test', 'sandbox')).toBe(true)

    sandbox.reset()
    expect(await idpAccepts('viewer@acme.test', 'sandbox')).toBe(true)
  })
})

describe('password reset request', () => {
  it('answers 202 for a known and an unknown email alike, and issues a RESET token only for the known one', async () => {
    const known = await call('POST', '/api/auth/password/reset-request', { email: 'owner@acme.test' })
    const unknown = await call('POST', '/api/auth/password/reset-request', { email: 'nobody@nowhere.test' })
    expect(known.status).toBe(202)
    expect(unknown.status).toBe(202)
    expect(await known.text()).toBe(await unknown.text())

    expect(await control.activationTokens('nobody@nowhere.test')).toEqual([])
    const [issued] = await control.activationTokens('owner@acme.test')
    expect(issued).toMatchObject({ email: 'owner@acme.test', purpose: 'RESET', usedAt: null })

    const token = issued?.token ?? ''
    const info = v.parse(ActivationTokenInfoResponseSchema, await (await tokenInfo(token)).json())
    expect(info.data.purpose).toBe('RESET')
    expect((await setPassword(token, STRONG)).status).toBe(200)
    expect(await idpAccepts('owner@acme.test', STRONG)).toBe(true)
  })
})

describe('changing your own password', () => {
  it('needs a portal token and the w:user.password scope', async () => {
    expect(
      (await call('POST', '/api/user/password', { currentPassword: 'x', newPassword: STRONG })).status,
    ).toBe(401)
    const { portalToken } = await control.session('viewer@acme.test')
    const refused = await changePassword(portalToken, 'sandbox', STRONG)
    expect(refused.status).toBe(403)
    expect((await error(refused)).code).toBe('insufficient_scope')
    expect(await idpAccepts('viewer@acme.test', 'sandbox')).toBe(true)
  })

  it('refuses a wrong current password and a weak new one with 400', async () => {
    const { portalToken } = await control.session('owner@acme.test')
    const wrong = await changePassword(portalToken, 'not-my-password', STRONG)
    expect(wrong.status).toBe(400)
    expect((await error(wrong)).code).toBe('wrong_password')

    const weak = await changePassword(portalToken, 'sandbox', 'owner@acme.test')
    expect(weak.status).toBe(400)
    const body = await error(weak)
    expect(body.code).toBe('weak_password')
    expect(v.parse(WeakPasswordDetailsSchema, body.details).failedRules).toEqual([
      'uppercase',
      'number',
      'notEmailName',
      'notUsername',
    ])
    expect(await idpAccepts('owner@acme.test', 'sandbox')).toBe(true)
  })

  it('answers 204 and the identity provider accepts only the new password', async () => {
    const { portalToken } = await control.session('owner@acme.test')
    const changed = await changePassword(portalToken, 'sandbox', STRONG)
    expect(changed.status).toBe(204)
    expect(await changed.text()).toBe('')
    expect(await idpAccepts('owner@acme.test', STRONG)).toBe(true)
    expect(await idpAccepts('owner@acme.test', 'sandbox')).toBe(false)
    // The new one is now the current one.
    expect((await changePassword(portalToken, 'sandbox', 'Yet-Another-Pass-44')).status).toBe(400)
  })
})

describe('control API', () => {
  it('validates the request and lists tokens newest first', async () => {
    const first = await control.issueActivationToken({ email: 'new.user@acme.test', purpose: 'ACTIVATE' })
    const second = await control.issueActivationToken({ email: 'new.user@acme.test', purpose: 'RESET' })
    expect((await control.activationTokens('new.user@acme.test')).map((item) => item.token)).toEqual([
      second,
      first,
    ])
    const bad = await fetch(`${sandbox.apiUrl}/__sandbox/activation-tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', purpose: 'ACTIVATE' }),
    })
    expect(bad.status).toBe(400)
  })
})
