// How the session gets a portal token: the identity provider's access token (renewed with the refresh
// token when it is about to expire) exchanged with the platform for a token acting for one merchant.
import type { UserManager } from 'oidc-client-ts'
import { TokenExchangeResponseReader } from '../api/schemas/auth'
import { decodePortalToken, type PortalTokenClaims } from './portal-token'
import { NoRefreshTokenError, SignedOutError, SignInError } from './session-failure'
import { messageOf, type SessionState } from './session-state'

/**
 * A merchant switch refreshes the provider's access token first when it has less than this left, so
 * that the exchange never carries a token that expires on its way.
 */
const PROVIDER_TOKEN_MARGIN_SECONDS = 60

/**
 * The provider's access token for an exchange: the stored one while it has time left, else a fresh
 * one from the refresh token (under the caller's lock, as the provider rotates refresh tokens).
 */
async function providerToken(state: SessionState, since: number | null): Promise<string> {
  if (state.deps.fakeAuth) {
    const admin = state.deps.adminToken.read()
    if (admin) return admin
  }
  const userManager = await state.deps.userManager()
  const user = await userManager.getUser()
  const secondsLeft = user?.expires_in
  if (user && !user.expired && (secondsLeft === undefined || secondsLeft > PROVIDER_TOKEN_MARGIN_SECONDS)) {
    return user.access_token
  }
  return refreshProviderToken(state, userManager, since)
}

/**
 * Renews the provider's tokens with the refresh token; the new access token. `since` is the sign-out
 * marker the caller started under.
 */
export async function refreshProviderToken(
  state: SessionState,
  userManager: UserManager,
  since: number | null,
): Promise<string> {
  // Renewal is by refresh token only: the alternative, a hidden iframe, cannot work with an
  // identity provider that forbids framing, and would only wait for its time-out.
  if (!(await userManager.getUser())?.refresh_token) throw new NoRefreshTokenError()
  // Asked with its time-out: oidc-client-ts 3.5 puts none on the refresh request without it.
  const user = await userManager.signinSilent({
    silentRequestTimeoutInSeconds: userManager.settings.silentRequestTimeoutInSeconds,
  })
  if (state.markerAt() !== since) {
    // The library stored the renewed provider tokens after sign-out had removed them.
    state.deps.providerTokens.clear()
    throw new SignedOutError()
  }
  if (!user) throw new Error('the provider returned no user')
  return user.access_token
}

export interface ExchangeOptions {
  /** The sign-out marker the caller started under: a sign-out since then drops the new token. */
  since: number | null
  /** Left out: the stored provider token, refreshed first when due. */
  providerToken?: string
  /** A failure is logged and thrown, and the caller decides whether the user hears of it. */
  quiet?: boolean
}

/**
 * Exchanges the provider's token for a portal token acting for `merchantID`, stores it and records
 * the merchant as this tab's.
 */
export async function exchangeToken(
  state: SessionState,
  merchantID: string,
  { since, providerToken: given, quiet = false }: ExchangeOptions,
): Promise<PortalTokenClaims> {
  let token: string
  try {
    const bearer = given ?? (await providerToken(state, since))
    const response = await state.deps.api.request(
      TokenExchangeResponseReader,
      '/api/auth/org/token/exchange',
      {
        method: 'POST',
        body: { appID: state.deps.appID, merchantID },
        token: bearer,
      },
    )
    token = response.data.token
  } catch (error) {
    if (error instanceof SignedOutError) throw error
    // The error itself, so that the entry names the failed call's request id.
    state.report(quiet, 'Error exchanging tokens', messageOf(error), { merchantID, error })
    throw new SignInError(messageOf(error), { cause: error })
  }
  const claims = decodePortalToken(token)
  if (!claims) {
    state.report(quiet, 'failed to decode bread token', 'The portal token could not be read.', {
      merchantID,
    })
    throw new SignInError('The portal token could not be read.')
  }
  // Signed out (here or in another tab) while the exchange was on its way: the token is dropped.
  if (state.markerAt() !== since) throw new SignedOutError()
  state.deps.portalToken.write(token)
  state.showMerchant(claims.cid)
  return claims
}
