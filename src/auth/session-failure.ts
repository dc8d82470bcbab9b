import { ApiError } from '../api/api-error'

/**
 * Whether a failed renewal or exchange ends the session. Only a definitive answer does (CONTRACT.md
 * section 5): the identity provider refusing the grant (`invalid_grant`) or asking for a new sign-in
 * (`login_required`), the platform refusing the exchange (401 or 403), or no refresh token to renew
 * with. Everything else — a network error, a time-out, a 5xx, an unreadable answer, a code chunk that
 * failed to load, a lock another tab held too long — is transient: the tokens are kept and the renewal
 * is tried again.
 */
export type SessionFailure = 'definitive' | 'transient'

/** There is no refresh token to renew with: only a new sign-in can continue the session. */
export class NoRefreshTokenError extends Error {
  override readonly name = 'NoRefreshTokenError'

  constructor() {
    super('no refresh token')
  }
}

/** The identity provider's OAuth error codes that mean the grant is gone. */
const DEFINITIVE_PROVIDER_ERRORS: ReadonlySet<string> = new Set(['invalid_grant', 'login_required'])

/** The OAuth `error` code of an error answer from the identity provider (oidc-client-ts's ErrorResponse). */
function providerErrorCode(error: Error): string | undefined {
  if (error.name !== 'ErrorResponse') return undefined
  const code: unknown = Reflect.get(error, 'error')
  return typeof code === 'string' ? code : undefined
}

export function classifySessionFailure(error: unknown): SessionFailure {
  // Wrapped errors (a SignInError around the exchange's ApiError) are judged by what caused them.
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof NoRefreshTokenError) return 'definitive'
    if (cause instanceof ApiError) {
      return cause.kind === 'http' && (cause.status === 401 || cause.status === 403)
        ? 'definitive'
        : 'transient'
    }
    const code = providerErrorCode(cause)
    if (code !== undefined) return DEFINITIVE_PROVIDER_ERRORS.has(code) ? 'definitive' : 'transient'
  }
  return 'transient'
}

/** A sign-in that cannot complete; `message` is the cause shown after 'Error was:'. */
export class SignInError extends Error {
  override readonly name = 'SignInError'
}

/** The session ended (sign-out, here or in another tab) while a renewal or exchange was under way. */
export class SignedOutError extends SignInError {
  constructor() {
    super('The session was signed out.')
  }
}
