// @vitest-environment node
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { describe, expect, it } from 'vitest'
import { API_AUDIENCE, PORTAL_CLIENT_ID, USER_IDS } from '../../../sandbox/data/ids'
import { startSandbox } from '../../../sandbox/index'
import { fileSandbox } from '../../support/sandbox'
import {
  authorizeUrl,
  formAction,
  IdpBrowser,
  PORTAL_ORIGIN,
  pkcePair,
  REDIRECT_URI,
  redeemCode,
  signIn,
  tokenRequest,
} from './helpers'

const sandbox = fileSandbox()

describe('identity provider', () => {
  it('publishes discovery with the issuer equal to its URL', async () => {
    const response = await fetch(`${sandbox.idpUrl}/.well-known/openid-configuration`)
    const discovery = (await response.json()) as Record<string, unknown>
    expect(discovery.issuer).toBe(sandbox.idpUrl)
    expect(discovery.code_challenge_methods_supported).toEqual(['S256'])
    expect(discovery.end_session_endpoint).toBe(`${sandbox.idpUrl}/session/end`)
  })

  it('shows a sign-in page with Username, Password and Sign in', async () => {
    const browser = new IdpBrowser(sandbox.idpUrl)
    const { challenge } = pkcePair()
    const page = await browser.follow(
      await browser.get(
        authorizeUrl(sandbox.idpUrl, { code_challenge: challenge, code_challenge_method: 'S256' }),
      ),
    )
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Merchant Portal sandbox sign-in')
    expect(html).toMatch(/<label for="username">Username<\/label>/)
    expect(html).toMatch(/<input id="username"/)
    expect(html).toMatch(/<label for="password">Password<\/label>/)
    expect(html).toMatch(/<input id="password"[^>]*type="password"/)
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/)
  })

  it('runs the authorization-code + PKCE flow and issues a JWT access token and a refresh token', async () => {
    const { code, state, verifier } = await signIn(sandbox.idpUrl, 'owner@acme.test')
    expect(state).toBe('state-123')
    const tokens = await redeemCode(sandbox.idpUrl, code, verifier)
    expect(tokens.token_type).toBe('Bearer')
    expect(tokens.refresh_token).toBeTypeOf('string')
    expect(tokens.id_token).toBeTypeOf('string')
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' })
    const claims = decodeJwt(tokens.access_token)
    expect(claims).toMatchObject({
      iss: sandbox.idpUrl,
      aud: API_AUDIENCE,
      sub: USER_IDS.owner,
      client_id: PORTAL_CLIENT_ID,
    })
    const lifetime = (claims.exp ?? 0) - (claims.iat ?? 0)
    expect(lifetime).toBeGreaterThan(0)
    expect(lifetime).toBeLessThanOrEqual(15 * 60)
    expect(decodeJwt(tokens.id_token ?? '')).toMatchObject({
      email: 'owner@acme.test',
      name: 'Olivia Owner',
      sub: USER_IDS.owner,
    })
  })

  it('refuses a code redeemed without the PKCE verifier or with the wrong one', async () => {
    for (const verifier of [undefined, pkcePair().verifier]) {
      const { code } = await signIn(sandbox.idpUrl, 'owner@acme.test')
      const response = await tokenRequest(sandbox.idpUrl, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        ...(verifier ? { code_verifier: verifier } : {}),
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'invalid_grant' })
    }
  })

  it('rotates refresh tokens and refuses a used one', async () => {
    const { code, verifier } = await signIn(sandbox.idpUrl, 'viewer@acme.test')
    const first = await redeemCode(sandbox.idpUrl, code, verifier)
    // oidc-client-ts repeats the granted scope on refresh.
    const refreshed = await tokenRequest(sandbox.idpUrl, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
      scope: first.scope ?? '',
    })
    expect(refreshed.status).toBe(200)
    const second = (await refreshed.json()) as { access_token: string; refresh_token: string }
    expect(second.refresh_token).toBeTypeOf('string')
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(decodeJwt(second.access_token)).toMatchObject({ aud: API_AUDIENCE, sub: USER_IDS.viewer })

    const reused = await tokenRequest(sandbox.idpUrl, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    })
    expect(reused.status).toBe(400)
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('answers token requests from portal origins with CORS headers', async () => {
    const preflight = await fetch(`${sandbox.idpUrl}/token`, {
      method: 'OPTIONS',
      headers: { Origin: PORTAL_ORIGIN, 'Access-Control-Request-Method': 'POST' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN)
    const { code, verifier } = await signIn(sandbox.idpUrl, 'owner@acme.test')
    const response = await tokenRequest(sandbox.idpUrl, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    })
    expect(response.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN)
  })

  it('re-renders the page with a message for a wrong password or an unknown user', async () => {
    for (const [username, password] of [
      ['owner@acme.test', 'wrong'],
      ['nobody@acme.test', 'sandbox'],
    ] as const) {
      const browser = new IdpBrowser(sandbox.idpUrl)
      const { challenge } = pkcePair()
      const page = await browser.follow(
        await browser.get(
          authorizeUrl(sandbox.idpUrl, { code_challenge: challenge, code_challenge_method: 'S256' }),
        ),
      )
      const retry = await browser.postForm(formAction(await page.text()), { username, password })
      expect(retry.status).toBe(401)
      const html = await retry.text()
      expect(html).toContain('Incorrect username or password.')
      expect(html).toContain(`value="${username}"`)
    }
  })

  it('refuses an authorization request without PKCE', async () => {
    const browser = new IdpBrowser(sandbox.idpUrl)
    const response = await browser.get(authorizeUrl(sandbox.idpUrl, {}))
    // A valid redirect_uri gets the error delivered to it, as OAuth prescribes.
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location') ?? '')
    expect(location.href.startsWith(REDIRECT_URI)).toBe(true)
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/)
  })

  it('refuses a redirect_uri that is not registered, without redirecting to it', async () => {
    const browser = new IdpBrowser(sandbox.idpUrl)
    const { challenge } = pkcePair()
    for (const redirectUri of [
      'http://localhost:5174/implicit/callback',
      `${PORTAL_ORIGIN}/implicit/callback/x`,
    ]) {
      const response = await browser.get(
        authorizeUrl(sandbox.idpUrl, {
          code_challenge: challenge,
          code_challenge_method: 'S256',
          redirect_uri: redirectUri,
        }),
      )
      expect(response.status).toBe(400)
      expect(response.headers.get('location')).toBeNull()
      expect(await response.text()).toContain('redirect_uri')
    }
  })

  it('signs out with a post-logout redirect when given id_token_hint', async () => {
    const { code, verifier, browser } = await signIn(sandbox.idpUrl, 'owner@acme.test')
    const tokens = await redeemCode(sandbox.idpUrl, code, verifier)
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: `${PORTAL_ORIGIN}/logout/callback`,
      state: 'bye',
    })
    const page = await browser.get(`/session/end?${query}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    // The page submits itself; a browser never sees a question.
    expect(html).toContain('document.forms[0].submit()')
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const confirmed = await browser.postForm(formAction(html), { xsrf, logout: 'yes' })
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get('location')).toBe(`${PORTAL_ORIGIN}/logout/callback?state=bye`)

    // The session is gone: a new authorization request asks for credentials again.
    const { challenge } = pkcePair()
    const again = await browser.follow(
      await browser.get(
        authorizeUrl(sandbox.idpUrl, { code_challenge: challenge, code_challenge_method: 'S256' }),
      ),
    )
    expect(again.status).toBe(200)
    expect(await again.text()).toContain('Sign in')
  })

  it('allows extra portal origins given at start-up', async () => {
    const extra = await startSandbox({
      apiPort: 0,
      idpPort: 0,
      quiet: true,
      portalOrigins: ['http://localhost:6123'],
    })
    try {
      const browser = new IdpBrowser(extra.idpUrl)
      const { challenge } = pkcePair()
      const response = await browser.follow(
        await browser.get(
          authorizeUrl(extra.idpUrl, {
            code_challenge: challenge,
            code_challenge_method: 'S256',
            redirect_uri: 'http://localhost:6123/implicit/callback',
          }),
        ),
      )
      expect(response.status).toBe(200)
    } finally {
      await extra.close()
    }
  })
})

describe('faults injected into the identity provider', () => {
  const tokenEndpoint = () => `${sandbox.idpUrl}/token`
  const refresh = () =>
    fetch(tokenEndpoint(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PORTAL_ORIGIN },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'unknown',
        client_id: PORTAL_CLIENT_ID,
      }),
    })

  it('answers a status fault as many times as asked, with CORS headers, then the provider answers', async () => {
    await sandbox.control.addFault({
      method: 'POST',
      path: '/idp/token',
      kind: 'status',
      status: 503,
      times: 2,
    })
    for (let attempt = 0; attempt < 2; attempt++) {
      const faulted = await refresh()
      expect(faulted.status).toBe(503)
      expect(faulted.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN)
      expect(await faulted.json()).toEqual({ error: 'temporarily_unavailable' })
    }
    const answered = await refresh()
    expect(answered.status).toBe(400)
    expect(await answered.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('holds a delayed request, then lets the provider answer it', async () => {
    await sandbox.control.addFault({ path: '/idp/token', kind: 'delay', delayMs: 300, times: 1 })
    const started = Date.now()
    const answered = await refresh()
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(answered.status).toBe(400)
  })

  it('leaves the API alone, and is cleared with the other faults', async () => {
    await sandbox.control.addFault({ path: '/idp/**', kind: 'status', status: 500 })
    expect(
      (
        await fetch(`${sandbox.apiUrl}/api/featureflag/evaluation/bulk?tag=Merchant_Portal_Frontend`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-API-Version': 'v2' },
          body: '{}',
        })
      ).status,
    ).not.toBe(500)
    expect((await refresh()).status).toBe(500)
    await sandbox.control.clearFaults()
    expect((await refresh()).status).toBe(400)
  })
})
