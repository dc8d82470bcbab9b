// @vitest-environment node
import { decodeJwt, generateKeyPair, SignJWT } from 'jose'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { PortalTokenClaimsSchema, TokenExchangeResponseSchema } from '../../../contract/auth'
import { ErrorBodySchema } from '../../../contract/error'
import { createControl, type SandboxControl } from '../../../sandbox/control'
import {
  API_AUDIENCE,
  MERCHANT_IDS,
  PORTAL_CLIENT_ID,
  TENANT_IDS,
  USER_IDS,
  ZERO_MERCHANT_ID,
} from '../../../sandbox/data/ids'
import { MERCHANT_OWNER_SCOPES } from '../../../sandbox/data/personas'
import { idpKeys, SIGNING_ALG } from '../../../sandbox/idp/keys'
import { fileSandbox } from '../../support/sandbox'
import { exchange, redeemCode, signIn } from './helpers'

const sandbox = fileSandbox()
let control: SandboxControl

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
})

interface ForgeOptions {
  issuer?: string
  audience?: string
  expiresAt?: number
  key?: CryptoKey
  sub?: string
}

/** A provider-style access token signed with the provider's real key unless told otherwise. */
async function forge(options: ForgeOptions = {}): Promise<string> {
  const { privateKey, kid } = await idpKeys()
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ client_id: PORTAL_CLIENT_ID, scope: 'openid profile email' })
    .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', kid })
    .setIssuer(options.issuer ?? sandbox.idpUrl)
    .setAudience(options.audience ?? API_AUDIENCE)
    .setSubject(options.sub ?? USER_IDS.owner)
    .setJti(crypto.randomUUID())
    .setIssuedAt(now - 600)
    .setExpirationTime(options.expiresAt ?? now + 600)
    .sign(options.key ?? privateKey)
}

async function portalClaims(response: Response) {
  expect(response.status).toBe(200)
  const body = v.parse(TokenExchangeResponseSchema, await response.json())
  return v.parse(PortalTokenClaimsSchema, decodeJwt(body.data.token))
}

describe('token exchange', () => {
  it('exchanges a real provider access token for a portal token', async () => {
    const { code, verifier } = await signIn(sandbox.idpUrl, 'owner@acme.test')
    const tokens = await redeemCode(sandbox.idpUrl, code, verifier)
    const claims = await portalClaims(await exchange(sandbox.apiUrl, tokens.access_token, MERCHANT_IDS.acme))
    expect(claims).toMatchObject({
      cid: MERCHANT_IDS.acme,
      merchantID: MERCHANT_IDS.acme,
      tenantID: TENANT_IDS.default,
      sub: USER_IDS.owner,
      uid: USER_IDS.owner,
    })
    expect(claims.scp).toEqual([...MERCHANT_OWNER_SCOPES])
    expect(claims.scp).toContain('c:tx.settle')
    expect(claims.scp).not.toContain('r:merchant.internal_settings')
    expect(claims.exp - claims.iat).toBe(15 * 60)
  })

  it('accepts a token signed with the provider key and refuses forged, foreign and expired ones', async () => {
    expect((await exchange(sandbox.apiUrl, await forge(), MERCHANT_IDS.acme)).status).toBe(200)

    const { privateKey: otherKey } = await generateKeyPair(SIGNING_ALG)
    const refused = [
      await forge({ key: otherKey }),
      await forge({ audience: 'some-other-api' }),
      await forge({ issuer: 'http://localhost:1' }),
      await forge({ expiresAt: Math.floor(Date.now() / 1000) - 60 }),
      await forge({ sub: 'not-a-persona' }),
      'not-a-jwt',
    ]
    for (const token of refused) {
      const response = await exchange(sandbox.apiUrl, token, MERCHANT_IDS.acme)
      expect(response.status).toBe(401)
      expect(v.is(ErrorBodySchema, await response.json())).toBe(true)
    }
    const missing = await fetch(`${sandbox.apiUrl}/api/auth/org/token/exchange`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Version': 'v2' },
      body: JSON.stringify({ appID: 'merchant-portal', merchantID: MERCHANT_IDS.acme }),
    })
    expect(missing.status).toBe(401)
  })

  it('refuses a portal token as the provider token', async () => {
    const { portalToken } = await control.session('owner@acme.test')
    expect((await exchange(sandbox.apiUrl, portalToken, MERCHANT_IDS.acme)).status).toBe(401)
  })

  it('refuses another merchant to an assigned user with 403', async () => {
    const response = await exchange(sandbox.apiUrl, await forge(), MERCHANT_IDS.globex)
    expect(response.status).toBe(403)
    expect(v.parse(ErrorBodySchema, await response.json()).error.code).toBe('merchant_not_allowed')
  })

  it('gives an assigned user their own merchant when asked for no merchant in particular', async () => {
    const response = await exchange(sandbox.apiUrl, await forge(), ZERO_MERCHANT_ID)
    expect(response.status).toBe(200)
    expect(await portalClaims(response)).toMatchObject({
      cid: MERCHANT_IDS.acme,
      merchantID: MERCHANT_IDS.acme,
    })
  })

  it('lets ops start with no merchant and pick any existing one', async () => {
    const providerToken = await forge({ sub: USER_IDS.ops })
    const none = await portalClaims(await exchange(sandbox.apiUrl, providerToken, ZERO_MERCHANT_ID))
    expect(none).toMatchObject({ cid: ZERO_MERCHANT_ID, merchantID: ZERO_MERCHANT_ID })
    expect(none.scp).toContain('c:vc.issuance')

    const globex = await portalClaims(await exchange(sandbox.apiUrl, providerToken, MERCHANT_IDS.globex))
    expect(globex).toMatchObject({ cid: MERCHANT_IDS.globex, merchantID: ZERO_MERCHANT_ID })

    const harbor = await portalClaims(await exchange(sandbox.apiUrl, providerToken, MERCHANT_IDS.harbor))
    expect(harbor).toMatchObject({ cid: MERCHANT_IDS.harbor, tenantID: TENANT_IDS.bank })

    const unknown = await exchange(sandbox.apiUrl, providerToken, '99999999-0000-4000-8000-000000000000')
    expect(unknown.status).toBe(404)
  })

  it('validates the body (merchant ids are opaque, but not empty)', async () => {
    const response = await exchange(sandbox.apiUrl, await forge(), '')
    expect(response.status).toBe(400)
    expect(v.parse(ErrorBodySchema, await response.json()).error.code).toBe('validation_failed')
  })

  it('gives tests real tokens through the control session shortcut', async () => {
    const session = await control.session('ops@provider.test', MERCHANT_IDS.globex)
    expect(decodeJwt(session.providerAccessToken)).toMatchObject({ iss: sandbox.idpUrl, aud: API_AUDIENCE })
    expect(decodeJwt(session.portalToken)).toMatchObject({ cid: MERCHANT_IDS.globex })
    // The shortcut's provider token is a real one: the exchange accepts it.
    expect((await exchange(sandbox.apiUrl, session.providerAccessToken, MERCHANT_IDS.acme)).status).toBe(200)
  })
})
