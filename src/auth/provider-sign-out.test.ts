// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { endProviderSession, type ProviderSignOutDeps, revokeRefreshToken } from './provider-sign-out'

const TIMEOUT_MS = 200

let server: Server | null = null

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  server = null
})

/**
 * An identity provider whose discovery document answers at once or never, and whose revocation
 * endpoint never answers: the requests it leaves hanging are counted.
 */
async function provider(discovery: 'answers' | 'hangs') {
  const hanging: string[] = []
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? ''
    if (path === '/.well-known/openid-configuration' && discovery === 'answers') {
      response.setHeader('Content-Type', 'application/json')
      response.end(
        JSON.stringify({
          revocation_endpoint: `${issuer}/token/revocation`,
          end_session_endpoint: `${issuer}/session/end`,
        }),
      )
      return
    }
    hanging.push(path)
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const issuer = `http://127.0.0.1:${port}`
  const forms: string[] = []
  const deps: ProviderSignOutDeps = {
    issuer,
    clientId: 'merchant-portal',
    postLogoutRedirectUri: 'http://portal.test/logout/callback',
    fetchImpl: fetch,
    timeoutMs: TIMEOUT_MS,
    submitForm: (action) => forms.push(action),
  }
  return { deps, hanging, forms }
}

async function timed<T>(promise: Promise<T>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now()
  try {
    await promise
    return { error: null, ms: performance.now() - started }
  } catch (error) {
    return { error, ms: performance.now() - started }
  }
}

describe('signing out at an identity provider that does not answer', () => {
  it('gives up on discovery after the time-out with a TimeoutError', async () => {
    const { deps, hanging, forms } = await provider('hangs')
    const { error, ms } = await timed(
      endProviderSession(deps, { refreshToken: 'refresh-1', idToken: 'id-1' }),
    )
    expect(error).toMatchObject({ name: 'TimeoutError' })
    expect(hanging).toEqual(['/.well-known/openid-configuration'])
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_500)
    expect(forms).toEqual([])
  })

  it('gives up on revocation after the time-out and does not go on to the end-session endpoint', async () => {
    const { deps, hanging, forms } = await provider('answers')
    const { error, ms } = await timed(
      endProviderSession(deps, { refreshToken: 'refresh-1', idToken: 'id-1' }),
    )
    expect(error).toMatchObject({ name: 'TimeoutError' })
    expect(hanging).toEqual(['/token/revocation'])
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_500)
    expect(forms).toEqual([])
  })

  it('bounds a revocation on its own the same way', async () => {
    const { deps, hanging } = await provider('answers')
    const { error, ms } = await timed(revokeRefreshToken(deps, 'refresh-1'))
    expect(error).toMatchObject({ name: 'TimeoutError' })
    expect(hanging).toEqual(['/token/revocation'])
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_500)
  })

  it('still goes to the end-session endpoint when the provider answers in time', async () => {
    const { deps, forms } = await provider('answers')
    // Without a refresh token there is nothing to revoke, so only discovery is asked.
    await endProviderSession(deps, { refreshToken: null, idToken: 'id-1' })
    expect(forms).toEqual([`${deps.issuer}/session/end`])
  })
})
