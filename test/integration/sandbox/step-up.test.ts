// @vitest-environment node
import { decodeJwt } from 'jose'
import * as v from 'valibot'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  STEP_UP_ERROR_CODE,
  STEP_UP_MAX_AGE_SECONDS,
  TokenExchangeResponseSchema,
} from '../../../contract/auth'
import { ErrorBodySchema } from '../../../contract/error'
import { createControl } from '../../../sandbox/control'
import { MERCHANT_IDS, PROGRAM_IDS } from '../../../sandbox/data/ids'
import { fileSandbox } from '../../support/sandbox'
import {
  apiHeaders,
  authorizeUrl,
  exchange,
  formAction,
  type IdpBrowser,
  pkcePair,
  REDIRECT_URI,
  redeemCode,
  signIn,
  tokenRequest,
} from './helpers'

const sandbox = fileSandbox()
const control = () => createControl(sandbox.apiUrl)
beforeEach(() => {
  sandbox.reset()
})

const acme = (path: string) => `/api/merchant/${MERCHANT_IDS.acme}/${path}`
const bank = {
  accountHolder: 'Acme Outdoor LLC',
  routingNumber: '021000021',
  accountNumber: '9876543210',
  accountType: 'CHECKING',
}
let sent = 0

function call(method: string, path: string, token: string, body: unknown) {
  sent += 1
  return fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: apiHeaders(token, { 'Idempotency-Key': `step-up-${Date.now()}-${sent}` }),
    body: JSON.stringify(body),
  })
}

async function refusal(response: Response) {
  return { status: response.status, ...v.parse(ErrorBodySchema, await response.json()).error }
}

/** Asks the provider to authorize again in the same browser; where it stops: the sign-in page or the redirect. */
async function authorizeAgain(browser: IdpBrowser, params: Record<string, string>) {
  const { challenge } = pkcePair()
  return browser.follow(
    await browser.get(
      authorizeUrl(sandbox.idpUrl, { code_challenge: challenge, code_challenge_method: 'S256', ...params }),
    ),
  )
}

describe('fresh sign-in (step-up)', () => {
  it('puts auth_time in the ID and access tokens, carries it through the exchange and refresh', async () => {
    const before = Math.floor(Date.now() / 1000)
    const { code, verifier } = await signIn(sandbox.idpUrl, 'owner@acme.test')
    const tokens = await redeemCode(sandbox.idpUrl, code, verifier)
    const authTime = decodeJwt(tokens.id_token ?? '').auth_time
    expect(authTime).toBeGreaterThanOrEqual(before)
    expect(decodeJwt(tokens.access_token).auth_time).toBe(authTime)
    const exchanged = await exchange(sandbox.apiUrl, tokens.access_token, MERCHANT_IDS.acme)
    const portal = v.parse(TokenExchangeResponseSchema, await exchanged.json()).data.token
    expect(decodeJwt(portal).auth_time).toBe(authTime)
    const refreshed = await tokenRequest(sandbox.idpUrl, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    })
    const again = (await refreshed.json()) as { access_token: string }
    // A refresh is not a sign-in: the time stays the first sign-in's.
    expect(decodeJwt(again.access_token).auth_time).toBe(authTime)
  })

  it('honours prompt=login and max_age at the provider', async () => {
    const { browser } = await signIn(sandbox.idpUrl, 'owner@acme.test')
    const silent = await authorizeAgain(browser, { max_age: String(STEP_UP_MAX_AGE_SECONDS) })
    expect(silent.headers.get('location')).toMatch(new RegExp(`^${REDIRECT_URI}\\?code=`))
    const forced = await authorizeAgain(browser, { prompt: 'login' })
    expect(forced.status).toBe(200)
    expect(await forced.text()).toContain('Sign in')
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const aged = await authorizeAgain(browser, { max_age: '1' })
    expect(aged.status).toBe(200)
    const done = await browser.follow(
      await browser.postForm(formAction(await aged.text()), {
        username: 'owner@acme.test',
        password: 'sandbox',
      }),
    )
    expect(done.headers.get('location')).toMatch(new RegExp(`^${REDIRECT_URI}\\?code=`))
  })

  it('refuses key creation, rotation, bank changes and card issuance past 5 minutes, with its own code', async () => {
    const stale = await control().session('owner@acme.test', undefined, {
      signedInSecondsAgo: STEP_UP_MAX_AGE_SECONDS + 1,
    })
    const staleOps = await control().session('ops@provider.test', MERCHANT_IDS.acme, {
      signedInSecondsAgo: STEP_UP_MAX_AGE_SECONDS + 1,
    })
    const keys = (await (
      await fetch(`${sandbox.apiUrl}${acme('access-keys')}`, {
        headers: apiHeaders(stale.portalToken),
      })
    ).json()) as { data: { items: { id: string }[] } }
    const [seeded] = keys.data.items
    if (!seeded) throw new Error('no key')
    const refused = await Promise.all([
      call('POST', acme('access-keys'), stale.portalToken, { name: 'Late', environment: 'SANDBOX' }),
      call('POST', acme(`access-keys/${seeded.id}/rotate`), stale.portalToken, { graceHours: 0 }),
      call('PUT', acme('bank-information'), stale.portalToken, bank),
      call('POST', acme('virtual-cards'), staleOps.portalToken, {
        programID: PROGRAM_IDS.acmeInstore,
        amount: 5_000,
      }),
    ])
    for (const response of refused) {
      expect(await refusal(response)).toMatchObject({
        status: 403,
        code: STEP_UP_ERROR_CODE,
        details: { maxAgeSeconds: STEP_UP_MAX_AGE_SECONDS },
      })
    }
    const fresh = await control().session('owner@acme.test', undefined, {
      signedInSecondsAgo: STEP_UP_MAX_AGE_SECONDS - 10,
    })
    expect((await call('PUT', acme('bank-information'), fresh.portalToken, bank)).status).toBe(200)
    const freshOps = await control().session('ops@provider.test', MERCHANT_IDS.acme)
    const card = await call('POST', acme('virtual-cards'), freshOps.portalToken, {
      programID: PROGRAM_IDS.acmeInstore,
      amount: 5_000,
    })
    expect(card.status).toBe(201)
    // Revoking is no step-up action: a stale sign-in may still shut a leaked key off.
    const revoke = await call('POST', acme(`access-keys/${seeded.id}/revoke`), stale.portalToken, {
      confirmName: 'Sandbox key',
    })
    expect(revoke.status).toBe(200)
  })

  it('judges the sign-in’s age by the sandbox clock', async () => {
    const session = await control().session('owner@acme.test')
    expect((await call('PUT', acme('bank-information'), session.portalToken, bank)).status).toBe(200)
    await control().advanceClock((STEP_UP_MAX_AGE_SECONDS + 1) * 1000)
    const late = await call('PUT', acme('bank-information'), session.portalToken, bank)
    expect((await refusal(late)).code).toBe(STEP_UP_ERROR_CODE)
  })

  it('stamps a sign-in with the sandbox clock: signing in after the clock moved on is a fresh sign-in', async () => {
    const clock = await control().advanceClock((STEP_UP_MAX_AGE_SECONDS + 60) * 1000)
    const before = Math.floor(Date.parse(clock.now) / 1000)
    const { code, verifier } = await signIn(sandbox.idpUrl, 'owner@acme.test')
    const tokens = await redeemCode(sandbox.idpUrl, code, verifier)
    const after = Math.floor((Date.now() + clock.offsetMs) / 1000)
    const authTime = decodeJwt(tokens.id_token ?? '').auth_time
    expect(authTime).toBeGreaterThanOrEqual(before)
    expect(authTime).toBeLessThanOrEqual(after)
    const exchanged = await exchange(sandbox.apiUrl, tokens.access_token, MERCHANT_IDS.acme)
    const portal = v.parse(TokenExchangeResponseSchema, await exchanged.json()).data.token
    expect((await call('PUT', acme('bank-information'), portal, bank)).status).toBe(200)
  })

  it('tells every admin of the merchant about a bank change, and says until when payouts are held', async () => {
    await control().clearOutbox()
    const session = await control().session('owner@acme.test')
    const response = await call('PUT', acme('bank-information'), session.portalToken, bank)
    const answer = (await response.json()) as {
      data: { payoutsHeldUntil: string; notifiedAdminCount: number }
    }
    expect(Date.parse(answer.data.payoutsHeldUntil)).toBeGreaterThan(Date.now())
    const mail = await control().outbox({ kind: 'BANK_CHANGE' })
    expect(mail.map((message) => message.to).sort()).toEqual(
      ['controller@acmeoutdoor.example', 'ops.lead@acmeoutdoor.example', 'owner@acme.test'].sort(),
    )
    expect(answer.data.notifiedAdminCount).toBe(mail.length)
    expect(
      mail.every((message) => message.body.includes('3210') && !message.body.includes('9876543210')),
    ).toBe(true)
    expect(mail.every((message) => message.body.includes(answer.data.payoutsHeldUntil))).toBe(true)
  })
})
