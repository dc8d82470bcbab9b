// Ending the session: by the user or for the idle time-out, in this tab alone or with the identity
// provider too.
import { inOneTab } from './idle-timeout'
import type { SignOutReason } from './session-deps'
import { messageOf, type SessionState } from './session-state'

/** True when the last input in any tab lies further back than the idle time-out. */
export function idleExpired(state: SessionState): boolean {
  return state.storedToken() !== null && state.deps.activity.expired()
}

/**
 * The synchronous, local part of sign-out, for a tab that leaves ending the provider's session to
 * another tab signing out at the same moment (the idle time-out fires in every tab at once).
 */
export function signOutHere(state: SessionState, reason: SignOutReason): void {
  state.deps.signedOut.write(reason)
  state.deps.activity.clear()
  state.health.succeeded()
  state.clearTokens()
  state.expired()
}

/**
 * Ends the session, failing closed. First, synchronously, the marker and the removal of every
 * token-bearing key, so that nothing after can leave a token behind and every tab (this one through
 * the expiry listeners) goes to /login at once; then the refresh token is revoked and the provider's
 * session ended, which comes back through the sign-out callback. When the provider cannot be reached
 * the user is told, stays on /login, and the revocation is tried again once the browser is online.
 */
export async function signOut(state: SessionState, reason: SignOutReason): Promise<void> {
  const { deps } = state
  const provider = deps.providerTokens.read()
  signOutHere(state, reason)
  if (!provider) return
  try {
    await deps.endProviderSession(provider)
  } catch (error) {
    state.fail('Sign-out failed', messageOf(error))
    const { refreshToken } = provider
    if (refreshToken) {
      deps.whenOnline(() => {
        deps.revokeRefreshToken(refreshToken).catch((retryError: unknown) => {
          deps.log('error', 'Sign-out failed', { reason: messageOf(retryError) })
        })
      })
    }
  }
}

/** Ends the session for the idle time-out; of tabs doing so together, one ends the provider's session. */
export function signOutIdle(state: SessionState): void {
  inOneTab(
    () => signOut(state, 'idle'),
    () => signOutHere(state, 'idle'),
  )
}
