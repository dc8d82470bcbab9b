// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createUserManager } from './oidc'

// Long enough for a loaded machine to deliver the request before the client gives up on it.
const TIMEOUT_MS = 1_000
const CLIENT_ID = 'merchant-portal'

let server: Server | null = null
const stored = new Map<string, string>()

// Node's own fetch, so that a time-out is a real abort; the library keeps its tokens in
// window.localStorage, which this stands in for.
beforeEach(() => {
  const localStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'> = {
    getItem: (key) => stored.get(key) ?? null,
    setItem: (key, value) => stored.set(key, value),
    removeItem: (key) => stored.delete(key),
    key: (index) => [...stored.keys()][index] ?? null,
    get length() {
      return stored.size
    },
  }
  vi.stubGlobal('window', { localStorage })
})

afterEach(async () => {
  vi.unstubAllGlobals()
  stored.clear()
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  server = null
})

/** An identity provider that answers its discovery document, or not, and never answers its token endpoint. */
async function hungProvider(discovery: 'answers' | 'hangs') {
  const hanging: string[] = []
  server = createServer((request, response) => {
    if (request.url === '/.well-known/openid-configuration' && discovery === 'answers') {
      response.setHeader('Content-Type', 'application/json')
      response.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
        }),
      )
      return
    }
    hanging.push(request.url ?? '')
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const userManager = await createUserManager({
    issuer,
    clientId: CLIENT_ID,
    origin: 'http://portal.test',
    offlineAccess: false,
    identityTimeoutMs: TIMEOUT_MS,
  })
  return { issuer, userManager, hanging }
}

async function failureOf(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now()
  try {
    await promise
    return { error: null, ms: performance.now() - started }
  } catch (error) {
    return { error, ms: performance.now() - started }
  }
}

describe('the sign-in library against an identity provider that does not answer', () => {
  it('gives up on discovery after identityTimeoutMs with its ErrorTimeout', async () => {
    const { userManager, hanging } = await hungProvider('hangs')
    const { error, ms } = await failureOf(userManager.metadataService.getMetadata())
    expect(error).toMatchObject({ name: 'ErrorTimeout', message: 'Network timed out' })
    expect(hanging).toEqual(['/.well-known/openid-configuration'])
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_500)
  })

  it('gives up on the refresh-token request after identityTimeoutMs when asked with its silent time-out', async () => {
    const { issuer, userManager, hanging } = await hungProvider('answers')
    const expiresAt = Math.floor(Date.now() / 1_000) - 60
    stored.set(
      `mp:oidc.user:${issuer}:${CLIENT_ID}`,
      JSON.stringify({
        access_token: 'expired-access',
        refresh_token: 'refresh-1',
        token_type: 'Bearer',
        scope: 'openid profile email',
        profile: { sub: 'owner', iss: issuer, aud: CLIENT_ID, exp: expiresAt, iat: expiresAt - 600 },
        expires_at: expiresAt,
      }),
    )
    const { silentRequestTimeoutInSeconds } = userManager.settings
    expect(silentRequestTimeoutInSeconds).toBe(TIMEOUT_MS / 1_000)
    const { error, ms } = await failureOf(userManager.signinSilent({ silentRequestTimeoutInSeconds }))
    expect(error).toMatchObject({ name: 'ErrorTimeout' })
    expect(hanging).toEqual(['/token'])
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_500)
  })
})
