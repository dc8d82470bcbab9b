import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach } from 'vitest'
import { type ApiError, isApiError } from '../../src/api/api-error'

/** A request as the stub received it. */
export interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

export type Handler = (seen: Seen, res: ServerResponse) => void

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

export interface PlatformStub {
  /** Where the stub listens (`http://127.0.0.1:<port>`). */
  baseURL: string
  /** The requests of the current test, in order. */
  seen: Seen[]
  /** How the stub answers; `{ ok: true }` unless a test says otherwise. */
  handler: Handler
}

/**
 * A local HTTP server standing in for the platform, for API client tests: started afresh before each
 * test of the file that calls this (at its top level) and closed after it.
 */
export function platformStub(): PlatformStub {
  const stub: PlatformStub = { baseURL: '', seen: [], handler: () => {} }
  let server: Server
  beforeEach(async () => {
    stub.seen = []
    stub.handler = (_request, res) => json(res, 200, { ok: true })
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      req.on('end', () => {
        const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }
        stub.seen.push(request)
        stub.handler(request, res)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    stub.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  return stub
}

/** The ApiError a request fails with; anything else fails the test. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    if (isApiError(error)) return error
    throw error
  }
  throw new Error('expected the request to fail')
}
