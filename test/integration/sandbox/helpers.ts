import { createHash, randomBytes } from 'node:crypto'
import { PORTAL_CLIENT_ID } from '../../../sandbox/data/ids'

export const PORTAL_ORIGIN = 'http://localhost:5173'
export const REDIRECT_URI = `${PORTAL_ORIGIN}/implicit/callback`
export const SCOPE = 'openid profile email offline_access'

/** Headers the portal sends on every API call. */
export function apiHeaders(token?: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-API-Version': 'v2',
    'X-Request-ID': crypto.randomUUID(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...extra,
  }
}

/** A cookie jar just good enough for one origin: name → value, paths ignored. */
export class CookieJar {
  readonly cookies = new Map<string, string>()

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

export function authorizeUrl(idpUrl: string, params: Record<string, string>): string {
  const query = new URLSearchParams({
    client_id: PORTAL_CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: SCOPE,
    state: 'state-123',
    nonce: 'nonce-123',
    ...params,
  })
  return `${idpUrl}/auth?${query}`
}

/** A browser stand-in for the identity provider: follows redirects by hand and keeps cookies. */
export class IdpBrowser {
  readonly jar = new CookieJar()
  constructor(readonly idpUrl: string) {}

  async get(url: string): Promise<Response> {
    const response = await fetch(new URL(url, this.idpUrl), {
      redirect: 'manual',
      headers: { Cookie: this.jar.header() },
    })
    this.jar.store(response)
    return response
  }

  async postForm(url: string, form: Record<string, string>): Promise<Response> {
    const response = await fetch(new URL(url, this.idpUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: this.jar.header(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    })
    this.jar.store(response)
    return response
  }

  /** Follows redirects inside the identity provider; stops at a page or a redirect leaving it. */
  async follow(response: Response): Promise<Response> {
    let current = response
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.get('location')
      if (current.status < 300 || current.status >= 400 || !location) return current
      const target = new URL(location, this.idpUrl)
      if (target.origin !== new URL(this.idpUrl).origin) return current
      await current.body?.cancel()
      current = await this.get(target.href)
    }
    throw new Error('too many redirects')
  }
}

export function formAction(html: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
  if (!action) throw new Error('no form on the page')
  return action.replaceAll('&amp;', '&')
}

export interface SignInResult {
  code: string
  state: string | null
  verifier: string
  browser: IdpBrowser
}

/** The whole authorization-code + PKCE sign-in, as a browser would do it. */
export async function signIn(idpUrl: string, username: string, password = 'sandbox'): Promise<SignInResult> {
  const browser = new IdpBrowser(idpUrl)
  const { verifier, challenge } = pkcePair()
  const loginPage = await browser.follow(
    await browser.get(authorizeUrl(idpUrl, { code_challenge: challenge, code_challenge_method: 'S256' })),
  )
  if (loginPage.status !== 200) throw new Error(`expected the sign-in page, got ${loginPage.status}`)
  const html = await loginPage.text()
  const done = await browser.follow(await browser.postForm(formAction(html), { username, password }))
  const location = done.headers.get('location')
  if (!location?.startsWith(REDIRECT_URI)) {
    throw new Error(
      `sign-in did not reach the redirect uri: ${done.status} ${location ?? (await done.text())}`,
    )
  }
  const callback = new URL(location)
  const code = callback.searchParams.get('code')
  if (!code) throw new Error(`no code in ${location}`)
  return { code, state: callback.searchParams.get('state'), verifier, browser }
}

export interface TokenSet {
  access_token: string
  refresh_token?: string
  id_token?: string
  token_type: string
  expires_in: number
  scope?: string
}

export async function tokenRequest(idpUrl: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${idpUrl}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PORTAL_ORIGIN },
    body: new URLSearchParams({ client_id: PORTAL_CLIENT_ID, ...form }),
  })
}

export async function redeemCode(idpUrl: string, code: string, verifier: string): Promise<TokenSet> {
  const response = await tokenRequest(idpUrl, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  })
  if (response.status !== 200)
    throw new Error(`token request failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as TokenSet
}

export async function exchange(apiUrl: string, providerToken: string, merchantID: string): Promise<Response> {
  return fetch(`${apiUrl}/api/auth/org/token/exchange`, {
    method: 'POST',
    headers: apiHeaders(providerToken),
    body: JSON.stringify({ appID: 'merchant-portal', merchantID }),
  })
}
