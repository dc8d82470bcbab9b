// @vitest-environment node
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { failure, type Handler, json, platformStub } from '../../test/support/platform-stub'
import { type ApiError, isMerchantMismatch } from './api-error'
import { type ApiClientOptions, createApiClient } from './client'

const platform = platformStub()
const okSchema = v.object({ ok: v.boolean() })

function client(options: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseURL: platform.baseURL, readCookie: () => undefined, ...options })
}

describe('401 handling', () => {
  function unauthorizedUntil(token: string): Handler {
    return (request, res) =>
      request.headers.authorization === `Bearer ${token}`
        ? json(res, 200, { ok: true })
        : json(res, 401, { error: { code: 'UNAUTHORIZED', message: 'token expired' } })
  }

  it('renews once and replays the request with the new token', async () => {
    platform.handler = unauthorizedUntil('fresh')
    let token = 'stale'
    const calls: ApiError[] = []
    const api = client({
      getToken: () => token,
      onUnauthorized: async (error) => {
        calls.push(error)
        token = 'fresh'
        return true
      },
    })
    await expect(api.request(okSchema, '/api/a')).resolves.toEqual({ ok: true })
    expect(calls).toHaveLength(1)
    expect(calls[0]?.status).toBe(401)
    expect(platform.seen.map((request) => request.headers.authorization)).toEqual([
      'Bearer stale',
      'Bearer fresh',
    ])
    expect(platform.seen[0]?.headers['x-request-id']).not.toBe(platform.seen[1]?.headers['x-request-id'])
  })

  it('replays a POST once with the same body', async () => {
    platform.handler = unauthorizedUntil('fresh')
    let token = 'stale'
    const api = client({
      getToken: () => token,
      onUnauthorized: async () => {
        token = 'fresh'
        return true
      },
    })
    await api.request(okSchema, '/api/things', {
      method: 'POST',
      body: { on: new Date('2026-02-03T00:00:00Z') },
    })
    expect(platform.seen.map((request) => [request.method, request.body])).toEqual([
      ['POST', '{"on":"2026-02-03"}'],
      ['POST', '{"on":"2026-02-03"}'],
    ])
  })

  it('gives up after one replay', async () => {
    platform.handler = unauthorizedUntil('never')
    let calls = 0
    const api = client({
      getToken: () => 'stale',
      onUnauthorized: async () => {
        calls += 1
        return true
      },
    })
    const error = await failure(api.request(okSchema, '/api/a'))
    expect(error.status).toBe(401)
    expect(calls).toBe(1)
    expect(platform.seen).toHaveLength(2)
  })

  it('does not replay when renewal fails or is refused', async () => {
    platform.handler = unauthorizedUntil('never')
    const refused = client({ getToken: () => 'stale', onUnauthorized: async () => false })
    expect((await failure(refused.request(okSchema, '/api/a'))).status).toBe(401)
    const broken = client({
      getToken: () => 'stale',
      onUnauthorized: () => Promise.reject(new Error('renewal failed')),
    })
    expect((await failure(broken.request(okSchema, '/api/a'))).status).toBe(401)
    expect(platform.seen).toHaveLength(2)
  })

  it('does not ask for renewal when the caller supplied the token', async () => {
    platform.handler = unauthorizedUntil('never')
    let calls = 0
    const api = client({
      onUnauthorized: async () => {
        calls += 1
        return true
      },
    })
    const error = await failure(
      api.request(okSchema, '/api/auth/org/token/exchange', { method: 'POST', token: 'p' }),
    )
    expect(error.status).toBe(401)
    expect(calls).toBe(0)
    expect(platform.seen).toHaveLength(1)
  })
})

describe("the tab's merchant", () => {
  // Tokens named after their merchant: 'token-of-a' acts for merchant a.
  const merchants = (tab: () => string | null) => ({
    tab,
    of: (token: string) => token.slice('token-of-'.length),
  })

  it("does not send a write whose token acts for another merchant than the tab's, with any method", async () => {
    const api = client({ getToken: () => 'token-of-b', merchants: merchants(() => 'a') })
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const error = await failure(api.request(okSchema, '/api/merchant/a/settings?x=1', { method, body: {} }))
      expect(isMerchantMismatch(error)).toBe(true)
      expect(error).toMatchObject({
        kind: 'merchant-mismatch',
        method,
        path: '/api/merchant/a/settings',
        tabMerchantId: 'a',
        tokenMerchantId: 'b',
      })
      expect(error.message).not.toContain('token-of-b')
    }
    expect(platform.seen).toHaveLength(0)
  })

  it("sends writes with the tab's merchant's token, reads, explicit tokens, and writes of a tab without one", async () => {
    let tab: string | null = 'a'
    const api = client({ getToken: () => 'token-of-a', merchants: merchants(() => tab) })
    await api.request(okSchema, '/api/a', { method: 'PUT', body: {} })
    const other = client({ getToken: () => 'token-of-b', merchants: merchants(() => tab) })
    await other.request(okSchema, '/api/merchant/b')
    await other.request(okSchema, '/api/auth/org/token/exchange', { method: 'POST', token: 'provider' })
    tab = null
    await other.request(okSchema, '/api/a', { method: 'POST', body: {} })
    expect(platform.seen.map((request) => `${request.method} ${request.headers.authorization}`)).toEqual([
      'PUT Bearer token-of-a',
      'GET Bearer token-of-b',
      'POST Bearer provider',
      'POST Bearer token-of-b',
    ])
  })

  it('does not replay a write after a 401 when the renewed token acts for another merchant', async () => {
    let token = 'token-of-a'
    platform.handler = (request, res) =>
      request.headers.authorization === 'Bearer token-of-a'
        ? json(res, 401, { error: { code: 'UNAUTHORIZED', message: 'token expired' } })
        : json(res, 200, { ok: true })
    const api = client({
      getToken: () => token,
      merchants: merchants(() => 'a'),
      onUnauthorized: async () => {
        // Another tab switched merchant meanwhile: the stored token now acts for b.
        token = 'token-of-b'
        return true
      },
    })
    const error = await failure(api.request(okSchema, '/api/a', { method: 'PATCH', body: {} }))
    expect(error.kind).toBe('merchant-mismatch')
    expect(platform.seen).toHaveLength(1)
  })
})
