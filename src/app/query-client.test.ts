// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, type ApiErrorKind, type HttpMethod } from '../api/api-error'
import type { LogFn } from '../log/logger'
import { createQueryClient } from './query-client'

function failure(kind: ApiErrorKind, method: HttpMethod, status?: number, retryAfterMs?: number): ApiError {
  return new ApiError({
    kind,
    method,
    path: '/api/a',
    requestId: 'r-1',
    detail: 'failed',
    status,
    retryAfterMs,
  })
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

  describe('when the server names a wait (Retry-After)', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    /** When each attempt of a read that always fails this way was sent, in ms from the first. */
    async function attemptTimes(error: ApiError, runForMs: number): Promise<number[]> {
      vi.useFakeTimers()
      const client = createQueryClient(quiet)
      const start = Date.now()
      const times: number[] = []
      const done = client
        .fetchQuery({
          queryKey: ['a'],
          queryFn: () => {
            times.push(Date.now() - start)
            throw error
          },
        })
        .catch(() => undefined)
      await vi.advanceTimersByTimeAsync(runForMs)
      await done
      return times
    }

    it.each([
      ['a 429 asking for 2 s', failure('http', 'GET', 429, 2_000), [0, 2_000]],
      ['a 429 asking for 10 s', failure('http', 'GET', 429, 10_000), [0, 10_000]],
      ['a 503 asking for 3 s', failure('http', 'GET', 503, 3_000), [0, 3_000]],
    ])('sends a read again only once the wait is over, after %s', async (_name, error, expected) => {
      expect(await attemptTimes(error, 20_000)).toEqual(expected)
    })

    it.each([
      ['a 429 asking for a minute', failure('http', 'GET', 429, 60_000)],
      ['a 503 asking for two minutes', failure('http', 'GET', 503, 120_000)],
      ['a 429 that names no wait', failure('http', 'GET', 429)],
    ])('shows %s at once, without asking again early', async (_name, error) => {
      expect(await attemptTimes(error, 200_000)).toEqual([0])
    })

    it('still never sends a write again', async () => {
      expect(await writeAttempts(failure('http', 'POST', 429, 1_000))).toBe(1)
    })
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
