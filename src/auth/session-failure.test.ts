import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts'
import { describe, expect, it } from 'vitest'
import { ApiError, type ApiErrorKind } from '../api/api-error'
import { classifySessionFailure, NoRefreshTokenError } from './session-failure'

function apiError(kind: ApiErrorKind, status?: number): ApiError {
  return new ApiError({
    kind,
    status,
    method: 'POST',
    path: '/api/auth/org/token/exchange',
    requestId: 'r',
    detail: 'x',
  })
}

function providerError(error: string): ErrorResponse {
  return new ErrorResponse({ error, error_description: 'from the provider' })
}

describe('which failures end the session', () => {
  it.each([
    ['invalid_grant from the provider', providerError('invalid_grant')],
    ['login_required from the provider', providerError('login_required')],
    ['401 from the exchange', apiError('http', 401)],
    ['403 from the exchange', apiError('http', 403)],
    ['no refresh token', new NoRefreshTokenError()],
    ['a 403 wrapped in another error', new Error('exchange failed', { cause: apiError('http', 403) })],
  ])('%s is definitive', (_name, error) => {
    expect(classifySessionFailure(error)).toBe('definitive')
  })

  it.each([
    ['a network error', new TypeError('Failed to fetch')],
    ['a provider time-out', new ErrorTimeout('Network timed out')],
    ['a sign-out or lock time-out', new DOMException('The operation timed out.', 'TimeoutError')],
    ['a lock wait that timed out', new DOMException('signal timed out', 'TimeoutError')],
    ['a 503 from the provider', providerError('temporarily_unavailable')],
    ['a 5xx from the exchange', apiError('http', 503)],
    ['a 404 from the exchange', apiError('http', 404)],
    ['an exchange time-out', apiError('timeout')],
    ['an exchange that could not connect', apiError('network')],
    ['an unreadable exchange answer', apiError('invalid-response')],
    ['a code chunk that failed to load', new TypeError('Failed to fetch dynamically imported module')],
    ['something that is not an error', 'offline'],
  ])('%s is transient', (_name, error) => {
    expect(classifySessionFailure(error)).toBe('transient')
  })
})
