// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { ApiError, type ApiErrorKind, type HttpMethod } from '../api/api-error'
import type { LogFn } from '../log/logger'
import { createQueryClient } from './query-client'

function failure(kind: ApiErrorKind, method: HttpMethod, status?: number): ApiError {
  return new ApiError({ kind, method, path: '/api/a', requestId: 'r-1', detail: 'failed', status })
}

const quiet: LogFn = () => {}

/** How many times a read that always fails this way is sent before the page shows the failure. */
async function readAttempts(error: ApiError): Promise<number> {
  const client = createQueryClient(quiet)
  let attempts = 0
  await client
    .fetchQuery({
      queryKey: ['a'],
      retryDelay: 0,
      queryFn: () => {
        attempts += 1
        throw error
      },
    })
    .catch(() => undefined)
  return attempts
}

/** How many times a save that always fails this way is sent. */
async function writeAttempts(error: ApiError): Promise<number> {
  const client = createQueryClient(quiet)
  let attempts = 0
  await client
    .getMutationCache()
    .build(client, {
      mutationFn: () => {
        attempts += 1
        return Promise.reject(error)
      },
    })
    .execute(undefined)
    .catch(() => undefined)
  return attempts
}

describe('the query client', () => {
  it.each([
    ['a dropped connection', failure('network', 'GET')],
    ['a time-out', failure('timeout', 'GET')],
    ['a 500', failure('http', 'GET', 500)],
  ])('sends a read once more after %s', async (_name, error) => {
    expect(await readAttempts(error)).toBe(2)
  })

  it.each([
    ['a malformed body', failure('invalid-response', 'GET', 200)],
    ['a 404', failure('http', 'GET', 404)],
    ['a 403', failure('http', 'GET', 403)],
  ])('shows %s at once: the same answer would come again', async (_name, error) => {
    expect(await readAttempts(error)).toBe(1)
  })

  it.each([
    ['POST', 'network'],
    ['POST', 'timeout'],
    ['PUT', 'http'],
    ['PATCH', 'network'],
    ['DELETE', 'http'],
  ] as const)('never sends a %s again after a %s failure', async (method, kind) => {
    expect(await writeAttempts(failure(kind, method, kind === 'http' ? 503 : undefined))).toBe(1)
  })

  it('logs every failed call once, but not one the user cancelled', async () => {
    const logged: string[] = []
    const client = createQueryClient((_level, message) => logged.push(message))
    const fail = (error: ApiError) =>
      client.fetchQuery({ queryKey: [error.kind], retry: false, queryFn: () => Promise.reject(error) })
    await fail(failure('http', 'GET', 500)).catch(() => undefined)
    await fail(failure('aborted', 'GET')).catch(() => undefined)
    expect(logged).toEqual([failure('http', 'GET', 500).message])
  })
})
