// @vitest-environment node

import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/api-error'
import { LogPostError } from './delivery'
import { createLogger } from './log-pipeline'
import { RELEASE } from './release'

interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: unknown
}

let server: Server
let apiurl: string
let seen: Seen[]
let status: number
let answerHeaders: Record<string, string>

beforeEach(async () => {
  seen = []
  status = 200
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(body),
      })
      res.writeHead(status, { 'content-type': 'application/json', ...answerHeaders })
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiurl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  vi.restoreAllMocks()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

async function refusedUrl(): Promise<string> {
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
  await new Promise((resolve) => closed.close(resolve))
  return url
}

const JWT =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJvd25lckBhY21lLnRlc3QiLCJzY3AiOlsicjpjYXJ0Il19.c2lnbmF0dXJlLXNpZ25hdHVyZQ'

describe('postLog', () => {
  it('posts level, message and context as JSON to the log endpoint', async () => {
    await createLogger({ apiurl: `${apiurl}/`, mirrorToConsole: false }).postLog(
      'error',
      'Error exchanging tokens',
      {
        merchantID: 'm-1',
        attempt: 2,
      },
    )
    expect(seen).toHaveLength(1)
    expect(seen[0]?.method).toBe('POST')
    expect(seen[0]?.url).toBe('/api/merchant-portal-backend/log')
    expect(seen[0]?.body).toEqual({
      level: 'error',
      message: 'Error exchanging tokens',
      context: { merchantID: 'm-1', attempt: 2, release: RELEASE, routeId: null },
    })
    expect(seen[0]?.headers).toMatchObject({ 'content-type': 'application/json', 'x-api-version': 'v2' })
    expect(seen[0]?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('sends no credentials and no Authorization header', async () => {
    const inits: (RequestInit | undefined)[] = []
    const fetchImpl: typeof fetch = (input, init) => {
      inits.push(init)
      return fetch(input, init)
    }
    await createLogger({ apiurl, fetchImpl, mirrorToConsole: false }).postLog('info', 'hello')
    expect(inits[0]?.credentials).toBe('omit')
    expect(seen[0]?.headers).not.toHaveProperty('authorization')
    expect(seen[0]?.headers).not.toHaveProperty('cookie')
    expect(seen[0]?.body).toEqual({
      level: 'info',
      message: 'hello',
      context: { release: RELEASE, routeId: null },
    })
  })

  it.each([500, 204, 401])('throws the exact error for status %i', async (answer) => {
    status = answer
    const posting = createLogger({ apiurl, mirrorToConsole: false }).postLog('warn', 'x')
    await expect(posting).rejects.toBeInstanceOf(LogPostError)
    await expect(posting).rejects.toMatchObject({
      message: `failed to post error log with status ${answer}`,
      status: answer,
    })
  })

  it('removes tokens from the message and the context before sending', async () => {
    const error = new Error(`request failed with Authorization: Bearer ${JWT}`)
    await createLogger({ apiurl, mirrorToConsole: false }).postLog(
      'error',
      `failed to decode bread token ${JWT}`,
      {
        header: `Bearer opaque-token-value`,
        nested: { list: [`id_token=${JWT}`] },
        token: 'plain-secret',
        providerAccessToken: { value: 'x' },
        hasToken: true,
        error,
      },
    )
    const sent = JSON.stringify(seen[0]?.body)
    expect(sent).not.toContain(JWT)
    expect(sent).not.toContain('eyJ')
    expect(sent).not.toContain('opaque-token-value')
    expect(sent).not.toContain('plain-secret')
    expect(seen[0]?.body).toMatchObject({
      message: 'failed to decode bread token [redacted]',
      context: {
        header: 'Bearer [redacted]',
        nested: { list: ['id_token=[redacted]'] },
        token: '[redacted]',
        providerAccessToken: '[redacted]',
        hasToken: true,
        error: { name: 'Error', message: 'request failed with Authorization: Bearer [redacted]' },
      },
    })
  })

  it('keeps ordinary dotted text such as hosts and versions', async () => {
    await createLogger({ apiurl, mirrorToConsole: false }).postLog('info', 'api.example.com v1.2.3 ok', {
      host: 'merchant-portal.qa.example.com',
    })
    expect(seen[0]?.body).toMatchObject({
      message: 'api.example.com v1.2.3 ok',
      context: { host: 'merchant-portal.qa.example.com' },
    })
  })

  it('sends cyclic contexts without failing', async () => {
    const context: Record<string, unknown> = { when: new Date('2026-01-01T00:00:00Z') }
    context.self = context
    await createLogger({ apiurl, mirrorToConsole: false }).postLog('info', 'cycle', context)
    expect(seen[0]?.body).toMatchObject({ context: { when: '2026-01-01T00:00:00.000Z', self: '[circular]' } })
  })
})

describe('what every entry carries', () => {
  it("names the release, package.json's version, set at build time", async () => {
    const { version } = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8'))
    expect(RELEASE).toBe(version)
    await createLogger({ apiurl, mirrorToConsole: false }).postLog('info', 'hello')
    expect(seen[0]?.body).toMatchObject({ context: { release: version } })
  })

  it("names the page's route id as the entry is written", async () => {
    let routeId = '/_authed/_merchant/transactions'
    const logger = createLogger({ apiurl, mirrorToConsole: false, route: () => routeId })
    logger.log('error', 'one')
    routeId = '/activate/$activationToken'
    logger.log('error', 'two')
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    expect(seen.map((request) => request.body)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          message: 'one',
          context: expect.objectContaining({ routeId: '/_authed/_merchant/transactions' }),
        }),
        expect.objectContaining({
          message: 'two',
          context: expect.objectContaining({ routeId: '/activate/$activationToken' }),
        }),
      ]),
    )
  })

  it('names the request id of the failed call an entry is about, wherever its error is', async () => {
    const failed = new ApiError({
      kind: 'http',
      method: 'GET',
      path: '/api/carts',
      requestId: '5f1c7a4e-0000-4000-8000-00000000abcd',
      status: 500,
      detail: 'failed with status 500',
    })
    const logger = createLogger({ apiurl, mirrorToConsole: false })
    await logger.postLog('error', 'Error exchanging tokens', { error: failed })
    await logger.postLog('error', 'Export failed', { reason: new Error('page 3', { cause: failed }) })
    await logger.postLog('error', 'GET /api/carts failed', { requestId: 'given-id' })
    await logger.postLog('error', 'Not a call', { error: new Error('render') })
    expect(
      seen.map((request) => (request.body as { context: { requestId?: string } }).context.requestId),
    ).toEqual([
      '5f1c7a4e-0000-4000-8000-00000000abcd',
      '5f1c7a4e-0000-4000-8000-00000000abcd',
      'given-id',
      undefined,
    ])
  })

  it('reads how long a 429 asks it to wait', async () => {
    status = 429
    answerHeaders = { 'retry-after': '42' }
    await expect(createLogger({ apiurl, mirrorToConsole: false }).postLog('warn', 'x')).rejects.toMatchObject(
      {
        status: 429,
        retryAfterMs: 42_000,
      },
    )
  })
})

describe('log (fire and forget)', () => {
  it('posts in the background', async () => {
    createLogger({ apiurl, mirrorToConsole: false }).log('warn', 'Failed to parse token from url')
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(seen[0]?.body).toMatchObject({ level: 'warn', message: 'Failed to parse token from url' })
  })

  it('never throws when the sink is down and reports the failure to the console once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let posts = 0
    const fetchImpl: typeof fetch = (input, init) => {
      posts += 1
      return fetch(input, init)
    }
    const logger = createLogger({ apiurl: await refusedUrl(), fetchImpl, mirrorToConsole: false })
    expect(() => logger.log('error', 'first')).not.toThrow()
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1))
    // Reporting the failure ends what the entry set off; a post it made would have been counted by now.
    expect(String(warn.mock.calls[0]?.[0])).toContain('failed to post log entry')
    expect(posts).toBe(1)
  })

  it('does not post what is logged while a failure is being reported', async () => {
    status = 500
    let posts = 0
    const fetchImpl: typeof fetch = (input, init) => {
      posts += 1
      return fetch(input, init)
    }
    const logger = createLogger({ apiurl, fetchImpl, mirrorToConsole: false })
    // A console instrumented to forward warnings into the logger would otherwise loop forever.
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      logger.log('error', String(args[0]))
    })
    logger.log('error', 'first')
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1))
    // The warning was logged while it was reported: a post of it would have started then.
    expect(posts).toBe(1)
    expect(seen).toHaveLength(1)
  })

  it('does not post what the post itself logs', async () => {
    let posts = 0
    let logger = createLogger({ apiurl, mirrorToConsole: false })
    const fetchImpl: typeof fetch = (input, init) => {
      posts += 1
      logger.log('warn', 'fetch is about to run')
      return fetch(input, init)
    }
    logger = createLogger({ apiurl, fetchImpl, mirrorToConsole: false })
    logger.log('info', 'outer')
    // The inner entry is logged as the post starts: a post of it would have started with it.
    expect(posts).toBe(1)
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(seen.map((request) => request.body)).toEqual([
      { level: 'info', message: 'outer', context: { release: RELEASE, routeId: null } },
    ])
  })

  it('mirrors scrubbed entries to the matching console method when asked', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const logger = createLogger({ apiurl, mirrorToConsole: true })
    logger.log('error', `bad ${JWT}`, { a: 1 })
    logger.log('info', 'fine')
    expect(error).toHaveBeenCalledWith('bad [redacted]', { a: 1 })
    expect(info).toHaveBeenCalledWith('fine', {})
    await vi.waitFor(() => expect(seen).toHaveLength(2))
  })

  it('stays quiet on the console when mirroring is off', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    createLogger({ apiurl, mirrorToConsole: false }).log('error', 'quiet')
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(error).not.toHaveBeenCalled()
  })
})
