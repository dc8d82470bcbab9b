// @vitest-environment node
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { failure, json, platformStub } from '../../test/support/platform-stub'
import { type ApiClientOptions, createApiClient } from './client'
import { pageReader } from './schemas/common'

// What the API client sends and how it reads answers; its failures are in client-failures.test.ts, its
// 401 renewal and the tab's merchant in client-renewal.test.ts.

const platform = platformStub()
const okSchema = v.object({ ok: v.boolean() })

function client(options: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseURL: platform.baseURL, readCookie: () => undefined, ...options })
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('request headers', () => {
  it('sends the contract headers with a fresh request id each time and no body headers on GET', async () => {
    const api = client()
    await api.request(okSchema, '/api/a')
    await api.request(okSchema, '/api/a')
    const [first, second] = platform.seen
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
    expect(platform.seen[0]?.method).toBe('POST')
    expect(platform.seen[0]?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(platform.seen[0]?.body ?? '')).toEqual({ name: 'tent' })
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
    expect(platform.seen[0]?.headers['x-xsrf-token']).toBe('abc/123=')
  })

  it('sends the bearer token from getToken, and an explicit token or null overrides it', async () => {
    const api = client({ getToken: () => 'portal-token' })
    await api.request(okSchema, '/api/a')
    await api.request(okSchema, '/api/a', { token: 'provider-token' })
    await api.request(okSchema, '/api/a', { token: null })
    expect(platform.seen.map((request) => request.headers.authorization)).toEqual([
      'Bearer portal-token',
      'Bearer provider-token',
      undefined,
    ])
  })

  it('does not let caller headers replace the contract headers', async () => {
    await client().request(okSchema, '/api/a', {
      headers: { 'x-api-version': 'v1', 'X-Request-ID': 'mine', accept: 'text/html', 'X-Extra': 'yes' },
    })
    expect(platform.seen[0]?.headers['x-api-version']).toBe('v2')
    expect(platform.seen[0]?.headers['x-request-id']).toMatch(UUID)
    expect(platform.seen[0]?.headers.accept).toBe('application/json')
    expect(platform.seen[0]?.headers['x-extra']).toBe('yes')
  })
})

describe('request payloads', () => {
  it('sends a FormData as multipart with its own boundary, through the fetch a call names', async () => {
    const sent: string[] = []
    const viaOwnFetch: typeof fetch = (input, init) => {
      sent.push(String(input))
      return fetch(input, init)
    }
    const form = new FormData()
    form.append('file', new Blob(['%PDF-1.7'], { type: 'application/pdf' }), 'receipt.pdf')
    await client({ getToken: () => 'portal-token' }).request(okSchema, '/api/upload', {
      method: 'POST',
      body: form,
      headers: { 'Idempotency-Key': 'k-1' },
      fetch: viaOwnFetch,
    })
    expect(sent).toEqual([`${platform.baseURL}/api/upload`])
    const [seen] = platform.seen
    expect(seen?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(seen?.headers).toMatchObject({
      authorization: 'Bearer portal-token',
      'x-api-version': 'v2',
      'idempotency-key': 'k-1',
    })
    expect(seen?.body).toContain('filename="receipt.pdf"')
    expect(seen?.body).toContain('%PDF-1.7')
  })

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
    const url = new URL(platform.seen[0]?.url ?? '', platform.baseURL)
    expect(url.pathname).toBe('/api/report')
    expect(url.searchParams.get('from')).toBe('2026-11-22')
    expect(url.searchParams.get('at')).toBe('2026-11-22T13:45:00.000Z')
    expect(url.searchParams.getAll('state')).toEqual(['ACTIVE', 'LAPSED'])
    expect(url.searchParams.get('limit')).toBe('200')
    expect(url.searchParams.get('merchantID.eq')).toBe('m 1')
    expect(url.searchParams.has('skipped')).toBe(false)
    expect(url.searchParams.has('alsoSkipped')).toBe(false)
    expect(JSON.parse(platform.seen[0]?.body ?? '')).toEqual({
      range: { from: '2026-01-02' },
      days: ['2026-01-03'],
    })
  })

  it('refuses paths that could leave the API origin, and GET bodies', async () => {
    const api = client({ getToken: () => 'secret' })
    await expect(api.request(okSchema, 'https://evil.test/api')).rejects.toThrow(TypeError)
    await expect(api.request(okSchema, '//evil.test/api')).rejects.toThrow(TypeError)
    await expect(api.request(okSchema, '/api/a', { body: {} })).rejects.toThrow(
      'GET /api/a cannot have a body',
    )
    expect(platform.seen).toHaveLength(0)
  })
})

describe('responses', () => {
  it('returns the schema output, so schemas can turn ISO strings into Dates', async () => {
    platform.handler = (_request, res) =>
      json(res, 200, { data: { createdAt: '2026-11-22T10:00:00Z', count: 3 } })
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
    platform.handler = (_request, res) => {
      res.writeHead(204)
      res.end()
    }
    await expect(client().request(v.undefined(), '/api/a', { method: 'DELETE' })).resolves.toBeUndefined()
  })

  it('reports a body that does not match the schema as invalid-response, without values', async () => {
    platform.handler = (_request, res) =>
      json(res, 200, { data: { token: 12345, items: 'eyJhbGciOi.secret.value' } })
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
    expect(error.requestId).toBe(platform.seen[0]?.headers['x-request-id'])
  })

  it('reports a 200 body that is not JSON as invalid-response', async () => {
    platform.handler = (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"ok": tru')
    }
    const error = await failure(client().request(okSchema, '/api/a'))
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain('not JSON')
  })
})

describe('lists with unreadable items', () => {
  const itemSchema = v.object({ id: v.string(), secret: v.string() })
  const pageSchema = pageReader(itemSchema)

  it('leaves the bad item out, counts it, and logs its path once without its values', async () => {
    const entries: { level: string; message: string; context: unknown }[] = []
    platform.handler = (_request, res) =>
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
    platform.handler = (_request, res) =>
      json(res, 200, { data: { items: [], pagination: { offset: 0, limit: 1, total: 0 } } })
    const page = await client({ log: (_level, message) => entries.push(message) }).request(
      pageSchema,
      '/api/things',
    )
    expect(page.data.unreadable).toBe(0)
    expect(entries).toEqual([])
  })
})
