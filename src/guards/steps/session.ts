import { redirect } from '@tanstack/react-router'
import type { PortalTokenClaims } from '../../auth/portal-token'
import type { AppServices } from '../../services/app-services'

interface SessionStepInput {
  session: AppServices['session']
  /** Where the user was going: the login page brings them back there. */
  returnTo: string
  preload: boolean
}

/**
 * Step 1 of the signed-in guard: the token's claims. An expired token is renewed first when it can
 * be (never for a preload); without a token the user is sent to the login page.
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
  if (!current) throw redirect({ to: '/login', state: { returnTo }, replace: true })
  return current.claims
}
