import { redirect } from '@tanstack/react-router'
import type { PortalTokenClaims } from '../../auth/portal-token'
import type { AppServices } from '../../services/app-services'

/** The session could not be renewed for now; its tokens are kept and the renewal is retried. */
export class SessionUnavailableError extends Error {
  override readonly name = 'SessionUnavailableError'

  constructor() {
    super('The session could not be renewed for now: the network or the identity provider is unavailable.')
  }
}

interface SessionStepInput {
  session: AppServices['session']
  /** Where the user was going: the login page brings them back there. */
  returnTo: string
  preload: boolean
}

/**
 * Step 1 of the signed-in guard: the token's claims. An expired token is renewed first when it can
 * be (never for a preload); without a token the user is sent to the login page, and when the renewal
 * failed for a passing reason the page fails with `SessionUnavailableError` (its 'Oops...' box).
 */
export async function sessionStep({
  session,
  returnTo,
  preload,
}: SessionStepInput): Promise<PortalTokenClaims> {
  let current = session.current()
  if (!current && !preload && session.secondsUntilRenewal() !== null && (await session.renew())) {
    current = session.current()
  }
  // A renewal that failed for a passing reason (offline, the provider down) keeps the session: the page
  // says it could not be loaded and comes back once a retry works (see keep-alive.ts), not /login.
  if (!current && !preload && session.storedToken() !== null && session.health.failures() > 0) {
    throw new SessionUnavailableError()
  }
  if (!current) throw redirect({ to: '/login', state: { returnTo }, replace: true })
  return current.claims
}
