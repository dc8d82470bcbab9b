// @vitest-environment node
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { failure, json, platformStub } from '../../test/support/platform-stub'
import { isApiError } from './api-error'
import { type ApiClientOptions, createApiClient } from './client'

const platform = platformStub()
const okSchema = v.object({ ok: v.boolean() })

function client(options: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseURL: platform.baseURL, readCookie: () => undefined, ...options })
}

describe('failures', () => {
  it('turns an error status into an http ApiError with the parsed error body', async () => {
    platform.handler = (_request, res) =>
      json(res, 404, { error: { code: 'NOT_FOUND', message: 'no such program' } })
    const error = await failure(client().request(okSchema, '/api/program/7?secret=1'))
    expect(error).toBeInstanceOf(Error)
    expect(error.kind).toBe('http')
    expect(error.status).toBe(404)
    expect(error.method).toBe('GET')
    expect(error.path).toBe('/api/program/7')
    expect(error.body).toEqual({ error: { code: 'NOT_FOUND', message: 'no such program' } })
    expect(error.serverError).toEqual({ code: 'NOT_FOUND', message: 'no such program' })
    expect(error.requestId).toBe(platform.seen[0]?.headers['x-request-id'])
    expect(error.message).toBe(
      `GET /api/program/7 failed with status 404: no such program (request id ${error.requestId})`,
    )
  })

  it('keeps the wait a refusal names (Retry-After, as nginx sends it with a 429)', async () => {
    platform.handler = (_request, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '6' })
      res.end(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests' } }))
    }
    const error = await failure(client().request(okSchema, '/api/auth/activation/abc', { token: null }))
    expect(error.status).toBe(429)
    expect(error.retryAfterMs).toBe(6_000)
    expect(platform.seen).toHaveLength(1)

    platform.handler = (_request, res) => json(res, 500, {})
    expect((await failure(client().request(okSchema, '/api/a'))).retryAfterMs).toBeUndefined()
  })

  it('does not retry a failing read by itself', async () => {
    platform.handler = (_request, res) => {
      res.writeHead(503, { 'content-type': 'text/html' })
      res.end('<h1>busy</h1>')
    }
    const error = await failure(client().request(okSchema, '/api/a'))
    expect(error.kind).toBe('http')
    expect(error.status).toBe(503)
    expect(error.body).toBeUndefined()
    expect(platform.seen).toHaveLength(1)
  })

  it('reports a server that does not answer in time as timeout', async () => {
    platform.handler = () => {}
    const error = await failure(
      createApiClient({ baseURL: platform.baseURL, timeoutMs: 150 }).request(okSchema, '/api/slow'),
    )
    expect(error.kind).toBe('timeout')
    expect(error.message).toContain('timed out after 150 ms')
  })

  it('applies the time-out even when the caller passes a signal, and per request', async () => {
    platform.handler = () => {}
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
    platform.handler = (_request, res) => res.socket?.destroy()
    const error = await failure(client().request(okSchema, '/api/a'))
    expect(error.kind).toBe('network')
  })

  it("reports the caller's abort as aborted", async () => {
    const controller = new AbortController()
    // Aborted in flight: once the server has the request, which it never answers.
    platform.handler = () => controller.abort()
    const error = await failure(client().request(okSchema, '/api/a', { signal: controller.signal }))
    expect(error.kind).toBe('aborted')
    expect(platform.seen).toHaveLength(1)
  })

  it('does not send a request whose signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await failure(client().request(okSchema, '/api/a', { signal: controller.signal }))
    expect(error.kind).toBe('aborted')
    expect(platform.seen).toHaveLength(0)
  })

  it('recognises only ApiErrors', () => {
    expect(isApiError(new Error('x'))).toBe(false)
    expect(isApiError('x')).toBe(false)
  })
})
