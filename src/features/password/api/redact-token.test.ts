import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../api/api-error'
import { activationPath } from './activation-link'
import { redactToken } from './redact-token'

function failure(token: string, status = 500, retryAfterMs?: number): ApiError {
  return new ApiError({
    kind: 'http',
    method: 'GET',
    path: activationPath(token),
    requestId: 'req-1',
    detail: `failed with status ${status}`,
    status,
    retryAfterMs,
  })
}

describe('redactToken', () => {
  it.each([
    ['a plain token', 'tok_9f8e7d6c5b4a'],
    ['a token the path percent-encodes', 'a/b+c=d?e&f g'],
  ])('takes %s out of the path and the message', (_, token) => {
    const redacted = redactToken(failure(token), token)
    if (!(redacted instanceof ApiError)) throw new Error('not an ApiError')
    expect(redacted.path).toBe('/api/auth/activation/:activationToken')
    expect(redacted.message).toBe(
      'GET /api/auth/activation/:activationToken failed with status 500 (request id req-1)',
    )
    expect(redacted.message).not.toContain(encodeURIComponent(token))
    expect(redacted.status).toBe(500)
  })

  it('keeps the wait a refusal named, so the page still honours it', () => {
    const redacted = redactToken(failure('tok_1', 429, 6_000), 'tok_1')
    if (!(redacted instanceof ApiError)) throw new Error('not an ApiError')
    expect(redacted.retryAfterMs).toBe(6_000)
  })

  it('leaves other errors as they are', () => {
    const other = failure('other-token')
    expect(redactToken(other, 'tok_9f8e7d6c5b4a')).toBe(other)
    const plain = new Error('x')
    expect(redactToken(plain, 'x')).toBe(plain)
  })
})
