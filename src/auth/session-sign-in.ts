// Signing in: the redirect to the identity provider and back, or a developer's token with fake
// authentication; either ends with the first exchange for a portal token (no merchant chosen yet).
import type { User } from 'oidc-client-ts'
import { ZERO_MERCHANT_ID } from '../../contract/auth'
import { safeReturnPath } from './return-path'
import { SignInError } from './session-failure'
import { messageOf, type SessionState } from './session-state'
import { exchangeToken } from './token-exchange'

interface SignInState {
  returnTo?: unknown
}

/** A fresh nonce for each authorization request, checked by the library on the ID token. */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * Starts the authorization code + PKCE redirect; the destination rides in the OIDC state. `fresh`
 * asks the provider for a new sign-in whatever its own session (a step-up: `prompt=login` and
 * `max_age=0`, so the ID token's `auth_time` is now).
 */
export async function startSignIn(state: SessionState, returnTo: string, fresh = false): Promise<void> {
  const { deps } = state
  const signInState: SignInState = { returnTo: safeReturnPath(returnTo, deps.origin) }
  try {
    // After a sign-out the provider asks for the password again, even if its own session outlived ours.
    const prompt = fresh || deps.signedOut.read() ? 'login' : undefined
    const max_age = fresh ? 0 : undefined
    await (await deps.userManager()).signinRedirect({
      state: signInState,
      nonce: newNonce(),
      prompt,
      max_age,
    })
  } catch (error) {
    state.fail('Failed to reach the identity provider', messageOf(error))
    throw new SignInError(messageOf(error))
  }
}

/**
 * Completes the redirect back from the provider and exchanges its token for a portal token.
 * Resolves to the same-origin path to open next.
 */
export async function completeSignIn(state: SessionState, url: string): Promise<string> {
  const { deps } = state
  let user: User | undefined
  try {
    user = await (await deps.userManager()).signinCallback(url)
  } catch (error) {
    // A reload of a finished callback finds its state spent: with a live session nothing failed.
    if (state.current()) deps.log('error', 'Failed to parse token from url', { reason: messageOf(error) })
    else state.fail('Failed to parse token from url', messageOf(error))
    throw new SignInError(messageOf(error))
  }
  if (!user) {
    state.fail('Failed to parse token from url', 'The sign-in answer held no user.')
    throw new SignInError('The sign-in answer held no user.')
  }
  deps.signedOut.clear()
  deps.activity.touch()
  await exchangeToken(state, ZERO_MERCHANT_ID, { since: null, providerToken: user.access_token })
  return safeReturnPath((user.state as SignInState | undefined)?.returnTo, deps.origin)
}

/** Uses a developer's token in place of the provider's (fake authentication only). */
export async function signInWithAdminToken(state: SessionState, adminToken: string): Promise<void> {
  const { deps } = state
  if (!deps.fakeAuth) {
    state.fail('Fake sign-in failed', 'Fake authentication is not enabled.')
    throw new SignInError('Fake authentication is not enabled.')
  }
  deps.signedOut.clear()
  deps.activity.touch()
  deps.adminToken.write(adminToken)
  await exchangeToken(state, ZERO_MERCHANT_ID, { since: null, providerToken: adminToken })
}
