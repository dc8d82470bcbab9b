// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type ApiError, isApiError, isMerchantMismatch } from './api-error'
import { type ApiClientOptions, createApiClient } from './client'
import { paged } from './schemas/common'

interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

type Handler = (seen: Seen, res: ServerResponse) => void

let server: Server
let baseURL: string
let seen: Seen[]
let handler: Handler

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

beforeEach(async () => {
  seen = []
  handler = (_request, res) => json(res, 200, { ok: true })
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }
      seen.push(request)
      handler(request, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const okSchema = v.object({ ok: v.boolean() })

function client(options: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseURL, readCookie: () => undefined, ...options })
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    if (isApiError(error)) return error
    throw error
  }
  throw new Error('expected the request to fail')
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('request headers', () => {
  it('sends the contract headers with a fresh request id each time and no body headers on GET', async () => {
    const api = client()
    await api.request(okSchema, '/api/a')
    await api.request(okSchema, '/api/a')
    const [first, second] = seen
    expect(first?.headers).toMatchObject({ accept: 'application/json', 'x-api-version': 'v2' })
    expect(first?.headers['x-request-id']).toMatch(UUID)
    expect(second?.headers['x-request-id']).toMatch(UUID)
    expect(first?.headers['x-request-id']).not.toBe(second?.headers['x-request-id'])
    expect(first?.headers).not.toHaveProperty('content-type')
    expect(first?.headers).not.toHaveProperty('authorization')
    expect(first?.headers).not.toHaveProperty('x-xsrf-token')
  })

  it('sends JSON with a content type when there is a body', async () => {
    await client().request(okSchema, '/api/things', { method: 'POST', body: { name: 'tent' } })
    expect(seen[0]?.method).toBe('POST')
    expect(seen[0]?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ name: 'tent' })
  })

  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN', async () => {
    const asked: string[] = []
    const api = client({
      readCookie: (name) => {
        asked.push(name)
        return name === 'XSRF-TOKEN' ? 'abc/123=' : undefined
      },
    })
    await api.request(okSchema, '/api/a', { method: 'DELETE' })
    expect(asked).toContain('XSRF-TOKEN')
    expect(seen[0]?.headers['x-xsrf-token']).toBe('abc/123=')
  })

  it('sends the bearer token from getToken, and an explicit token or null overrides it', async () => {
    const api = client({ getToken: () => 'portal-token' })
    await api.request(okSchema, '/api/a')
    await api.request(okSchema, '/api/a', { token: 'provider-token' })
    await api.request(okSchema, '/api/a', { token: null })
    expect(seen.map((request) => request.headers.authorization)).toEqual([
      'Bearer portal-token',
      'Bearer provider-token',
      undefined,
    ])
  })

  it('does not let caller headers replace the contract headers', async () => {
    await client().request(okSchema, '/api/a', {
      headers: { 'x-api-version': 'v1', 'X-Request-ID': 'mine', accept: 'text/html', 'X-Extra': 'yes' },
    })
    expect(seen[0]?.headers['x-api-version']).toBe('v2')
    expect(seen[0]?.headers['x-request-id']).toMatch(UUID)
    expect(seen[0]?.headers.accept).toBe('application/json')
    expect(seen[0]?.headers['x-extra']).toBe('yes')
  })
})

describe('request payloads', () => {
  it('serialises dates in bodies and query values, dropping the midnight-UTC suffix', async () => {
    await client().request(okSchema, '/api/report', {
      method: 'POST',
      query: {
        from: new Date('2026-11-22T00:00:00.000Z'),
        at: new Date('2026-11-22T13:45:00.000Z'),
        state: ['ACTIVE', 'LAPSED'],
        limit: 200,
        'merchantID.eq': 'm 1',
        skipped: undefined,
        alsoSkipped: null,
      },
      body: { range: { from: new Date('2026-01-02T00:00:00Z') }, days: [new Date('2026-01-03T00:00:00Z')] },
    })
    const url = new URL(seen[0]?.url ?? '', baseURL)
    expect(url.pathname).toBe('/api/report')
    expect(url.searchParams.get('from')).toBe('2026-11-22')
    expect(url.searchParams.get('at')).toBe('2026-11-22T13:45:00.000Z')
    expect(url.searchParams.getAll('state')).toEqual(['ACTIVE', 'LAPSED'])
    expect(url.searchParams.get('limit')).toBe('200')
    expect(url.searchParams.get('merchantID.eq')).toBe('m 1')
    expect(url.searchParams.has('skipped')).toBe(false)
    expect(url.searchParams.has('alsoSkipped')).toBe(false)
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ range: { from: '2026-01-02' }, days: ['2026-01-03'] })
  })

  it('refuses paths that could leave the API origin, and GET bodies', async () => {
    const api = client({ getToken: () => 'secret' })
    await expect(api.request(okSchema, 'https://evil.test/api')).rejects.toThrow(TypeError)
    await expect(api.request(okSchema, '//evil.test/api')).rejects.toThrow(TypeError)
    await expect(api.request(okSchema, '/api/a', { body: {} })).rejects.toThrow(
      'GET /api/a cannot have a body',
    )
    expect(seen).toHaveLength(0)
  })
})

describe('responses', () => {
  it('returns the schema output, so schemas can turn ISO strings into Dates', async () => {
    handler = (_request, res) => json(res, 200, { data: { createdAt: '2026-11-22T10:00:00Z', count: 3 } })
    const schema = v.object({
      data: v.object({
        createdAt: v.pipe(
          v.string(),
          v.isoTimestamp(),
          v.transform((value) => new Date(value)),
        ),
        count: v.number(),
      }),
    })
    const result = await client().request(schema, '/api/a')
    expect(result.data.createdAt).toBeInstanceOf(Date)
    expect(result.data.createdAt.toISOString()).toBe('2026-11-22T10:00:00.000Z')
    expect(result.data.count).toBe(3)
  })

  it('accepts an empty 204 answer when the schema allows undefined', async () => {
    handler = (_request, res) => {
      res.writeHead(204)
      res.end()
    }
    await expect(client().request(v.undefined(), '/api/a', { method: 'DELETE' })).resolves.toBeUndefined()
  })

  it('reports a body that does not match the schema as invalid-response, without values', async () => {
    handler = (_request, res) => json(res, 200, { data: { token: 12345, items: 'eyJhbGciOi.secret.value' } })
    const schema = v.object({ data: v.object({ token: v.string(), items: v.array(v.string()) }) })
    const error = await failure(client({ getToken: () => 'bearer-secret' }).request(schema, '/api/a?x=1'))
    expect(error.kind).toBe('invalid-response')
    expect(error.status).toBe(200)
    expect(error.path).toBe('/api/a')
    expect(error.issues).toEqual([
      'data.token: expected string, received number',
      'data.items: expected Array, received string',
    ])
    expect(error.message).toContain('data.token: expected string')
    expect(error.message).not.toContain('12345')
    expect(error.message).not.toContain('eyJhbGciOi')
    expect(error.message).not.toContain('bearer-secret')
    expect(error.requestId).toBe(seen[0]?.headers['x-request-id'])
  })

  it('reports a 200 body that is not JSON as invalid-response', async () => {
    handler = (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"ok": tru')
    }
    const error = await failure(client().request(okSchema, '/api/a'))
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain('not JSON')
  })
})

describe('failures', () => {
  it('turns an error status into an http ApiError with the parsed error body', async () => {
    handler = (_request, res) => json(res, 404, { error: { code: 'NOT_FOUND', message: 'no such program' } })
    const error = await failure(client().request(okSchema, '/api/program/7?secret=1'))
    expect(error).toBeInstanceOf(Error)
    expect(error.kind).toBe('http')
    expect(error.status).toBe(404)
    expect(error.method).toBe('GET')
    expect(error.path).toBe('/api/program/7')
    expect(error.body).toEqual({ error: { code: 'NOT_FOUND', message: 'no such program' } })
    expect(error.serverError).toEqual({ code: 'NOT_FOUND', message: 'no such program' })
    expect(error.requestId).toBe(seen[0]?.headers['x-request-id'])
    expect(error.message).toBe(
      `GET /api/program/7 failed with status 404: no such program (request id ${error.requestId})`,
    )
  })

  it('does not retry a failing read by itself', async () => {
    handler = (_request, res) => {
      res.writeHead(503, { 'content-type': 'text/html' })
      res.end('<h1>busy</h1>')
    }
    const error = await failure(client().request(okSchema, '/api/a'))
    expect(error.kind).toBe('http')
    expect(error.status).toBe(503)
    expect(error.body).toBeUndefined()
    expect(seen).toHaveLength(1)
  })

  it('reports a server that does not answer in time as timeout', async () => {
    handler = () => {}
    const error = await failure(createApiClient({ baseURL, timeoutMs: 150 }).request(okSchema, '/api/slow'))
    expect(error.kind).toBe('timeout')
    expect(error.message).toContain('timed out after 150 ms')
  })

  it('applies the time-out even when the caller passes a signal, and per request', async () => {
    handler = () => {}
    const signal = new AbortController().signal
    const error = await failure(client().request(okSchema, '/api/slow', { signal, timeoutMs: 100 }))
    expect(error.kind).toBe('timeout')
  })

  it('reports a refused connection as network', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await failure(
      createApiClient({ baseURL: `http://127.0.0.1:${port}` }).request(okSchema, '/api/a'),
    )
    expect(error.kind).toBe('network')
    expect(error.status).toBeUndefined()
    expect(error.cause).toBeInstanceOf(Error)
  })

  it('reports a dropped connection as network', async () => {
    handler = (_request, res) => res.socket?.destroy()
    const error = await failure(client().request(okSchema, '/api/a'))
    expect(error.kind).toBe('network')
  })

  it("reports the caller's abort as aborted", async () => {
    const controller = new AbortController()
    // Aborted in flight: once the server has the request, which it never answers.
    handler = () => controller.abort()
    const error = await failure(client().request(okSchema, '/api/a', { signal: controller.signal }))
    expect(error.kind).toBe('aborted')
    expect(seen).toHaveLength(1)
  })

  it('does not send a request whose signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await failure(client().request(okSchema, '/api/a', { signal: controller.signal }))
    expect(error.kind).toBe('aborted')
    expect(seen).toHaveLength(0)
  })

  it('recognises only ApiErrors', () => {
    expect(isApiError(new Error('x'))).toBe(false)
    expect(isApiError('x')).toBe(false)
  })
})

describe('401 handling', () => {
  function unauthorizedUntil(token: string): Handler {
    return (request, res) =>
      request.headers.authorization === `Bearer ${token}`
        ? json(res, 200, { ok: true })
        : json(res, 401, { error: { code: 'UNAUTHORIZED', message: 'token expired' } })
  }

  it('renews once and replays the request with the new token', async () => {
    handler = unauthorizedUntil('fresh')
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
    expect(seen.map((request) => request.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh'])
    expect(seen[0]?.headers['x-request-id']).not.toBe(seen[1]?.headers['x-request-id'])
  })

  it('replays a POST once with the same body', async () => {
    handler = unauthorizedUntil('fresh')
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
    expect(seen.map((request) => [request.method, request.body])).toEqual([
      ['POST', '{"on":"2026-02-03"}'],
      ['POST', '{"on":"2026-02-03"}'],
    ])
  })

  it('gives up after one replay', async () => {
    handler = unauthorizedUntil('never')
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
    expect(seen).toHaveLength(2)
  })

  it('does not replay when renewal fails or is refused', async () => {
    handler = unauthorizedUntil('never')
    const refused = client({ getToken: () => 'stale', onUnauthorized: async () => false })
    expect((await failure(refused.request(okSchema, '/api/a'))).status).toBe(401)
    const broken = client({
      getToken: () => 'stale',
      onUnauthorized: () => Promise.reject(new Error('renewal failed')),
    })
    expect((await failure(broken.request(okSchema, '/api/a'))).status).toBe(401)
    expect(seen).toHaveLength(2)
  })

  it('does not ask for renewal when the caller supplied the token', async () => {
    handler = unauthorizedUntil('never')
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
    expect(seen).toHaveLength(1)
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
    expect(seen).toHaveLength(0)
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
    expect(seen.map((request) => `${request.method} ${request.headers.authorization}`)).toEqual([
      'PUT Bearer token-of-a',
      'GET Bearer token-of-b',
      'POST Bearer provider',
      'POST Bearer token-of-b',
    ])
  })

  it('does not replay a write after a 401 when the renewed token acts for another merchant', async () => {
    let token = 'token-of-a'
    handler = (request, res) =>
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
    expect(seen).toHaveLength(1)
  })
})

describe('lists with unreadable items', () => {
  const itemSchema = v.object({ id: v.string(), secret: v.string() })
  const pageSchema = paged(itemSchema)

  it('leaves the bad item out, counts it, and logs its path once without its values', async () => {
    const entries: { level: string; message: string; context: unknown }[] = []
    handler = (_request, res) =>
      json(res, 200, {
        data: {
          items: [
            { id: 'a', secret: 'kept' },
            { id: 987_654_321, secret: 'do-not-log-me' },
            { id: 'c', secret: 'kept', added: 'by a newer platform' },
          ],
          pagination: { offset: 0, limit: 3, total: 3 },
        },
      })
    const page = await client({
      log: (level, message, context) => entries.push({ level, message, context }),
    }).request(pageSchema, '/api/things?merchantID.eq=m-1')

    expect(page.data.items.map((item) => item.id)).toEqual(['a', 'c'])
    expect(page.data.unreadable).toBe(1)
    expect(entries).toHaveLength(1)
    expect(entries[0]?.message).toBe('GET /api/things left out list items it could not read')
    expect(entries[0]?.context).toMatchObject({ issues: ['data.items.1.id: expected string'] })
    expect(JSON.stringify(entries)).not.toContain('do-not-log-me')
    // A number no request id (a random UUID in the context) could hold by chance.
    expect(JSON.stringify(entries)).not.toContain('987654321')
  })

  it('logs nothing when every item is read', async () => {
    const entries: string[] = []
    handler = (_request, res) =>
      json(res, 200, { data: { items: [], pagination: { offset: 0, limit: 1, total: 0 } } })
    const page = await client({ log: (_level, message) => entries.push(message) }).request(
      pageSchema,
      '/api/things',
    )
    expect(page.data.unreadable).toBe(0)
    expect(entries).toEqual([])
  })
})
