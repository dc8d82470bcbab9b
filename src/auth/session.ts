// The session: sign-in, the portal token, its renewal and exchange under the cross-tab lock, and
// sign-out. Over 300 lines because these share the sign-out marker and the in-flight renewal, which
// must be read and changed in one place; its types are in ./session-deps.ts, its failures in
// ./session-failure.ts.
import type { User, UserManager } from 'oidc-client-ts'
import { TokenExchangeResponseSchema, ZERO_MERCHANT_ID } from '../api/schemas/auth'
import { inOneTab } from './idle-timeout'
import { decodePortalToken, type PortalTokenClaims } from './portal-token'
import { RenewalHealth } from './renewal-health'
import { hasLapsed, msUntilRenewal, type ReceivedToken } from './renewal-schedule'
import { safeReturnPath } from './return-path'
import type { PortalSession, SessionDeps, SignOutReason, StoredPortalToken } from './session-deps'
import { classifySessionFailure, NoRefreshTokenError, SignedOutError, SignInError } from './session-failure'

/**
 * How long a tab that waited for another tab's renewal waits at most for that tab's token to reach
 * its storage, when it still holds the token that failed: Chromium hands the lock over to the next
 * tab apart from the storage change, which may arrive a few milliseconds after it.
 */
const HANDOVER_WAIT_MS = 1_000

/**
 * A merchant switch refreshes the provider's access token first when it has less than this left, so
 * that the exchange never carries a token that expires on its way.
 */
const PROVIDER_TOKEN_MARGIN_SECONDS = 60

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function received(stored: StoredPortalToken, claims: PortalTokenClaims): ReceivedToken {
  return { iat: claims.iat, exp: claims.exp, receivedAt: stored.storedAt }
}

/** A fresh nonce for each authorization request, checked by the library on the ID token. */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

interface SignInState {
  returnTo?: unknown
}

export class Session {
  /** Whether renewals are failing for want of the network or the provider (they are then retried). */
  readonly health = new RenewalHealth()
  #renewing: Promise<boolean> | null = null
  #tabMerchant: string | null = null
  readonly #expiredListeners = new Set<() => void>()
  readonly #now: () => number

  constructor(private readonly deps: SessionDeps) {
    this.#now = deps.now ?? Date.now
  }

  /** The stored portal token when it decodes and has not outlived its lifetime since it was received. */
  current(now = this.#now()): PortalSession | null {
    const stored = this.deps.portalToken.read()
    const claims = decodePortalToken(stored?.token)
    if (!stored || !claims || hasLapsed(received(stored, claims), now)) return null
    return { token: stored.token, claims }
  }

  /** Seconds until the stored token should be renewed (0 when due), or null without one. */
  secondsUntilRenewal(now = this.#now()): number | null {
    const stored = this.deps.portalToken.read()
    const claims = decodePortalToken(stored?.token)
    return stored && claims ? msUntilRenewal(received(stored, claims), now) / 1000 : null
  }

  /** The stored portal token, whatever its age. */
  storedToken(): string | null {
    return this.deps.portalToken.read()?.token ?? null
  }

  /** How the last session ended, until the next sign-in. */
  signOutReason(): SignOutReason | null {
    return this.deps.signedOut.read()?.reason ?? null
  }

  onExpired(listener: () => void): () => void {
    this.#expiredListeners.add(listener)
    return () => this.#expiredListeners.delete(listener)
  }

  /** Starts the authorization code + PKCE redirect; the destination rides in the OIDC state. */
  async startSignIn(returnTo: string): Promise<void> {
    const state: SignInState = { returnTo: safeReturnPath(returnTo, this.deps.origin) }
    try {
      // After a sign-out the provider asks for the password again, even if its own session outlived ours.
      const prompt = this.deps.signedOut.read() ? 'login' : undefined
      await (await this.deps.userManager()).signinRedirect({ state, nonce: newNonce(), prompt })
    } catch (error) {
      this.#fail('Failed to reach the identity provider', messageOf(error))
      throw new SignInError(messageOf(error))
    }
  }

  /**
   * Completes the redirect back from the provider and exchanges its token for a portal token.
   * Resolves to the same-origin path to open next.
   */
  async completeSignIn(url: string): Promise<string> {
    let user: User | undefined
    try {
      user = await (await this.deps.userManager()).signinCallback(url)
    } catch (error) {
      // A reload of a finished callback finds its state spent: with a live session nothing failed.
      if (this.current())
        this.deps.log('error', 'Failed to parse token from url', { reason: messageOf(error) })
      else this.#fail('Failed to parse token from url', messageOf(error))
      throw new SignInError(messageOf(error))
    }
    if (!user) {
      this.#fail('Failed to parse token from url', 'The sign-in answer held no user.')
      throw new SignInError('The sign-in answer held no user.')
    }
    this.deps.signedOut.clear()
    this.deps.activity.touch()
    await this.#exchange(ZERO_MERCHANT_ID, null, user.access_token)
    return safeReturnPath((user.state as SignInState | undefined)?.returnTo, this.deps.origin)
  }

  /** Uses a developer's token in place of the provider's (fake authentication only). */
  async signInWithAdminToken(adminToken: string): Promise<void> {
    if (!this.deps.fakeAuth) {
      this.#fail('Fake sign-in failed', 'Fake authentication is not enabled.')
      throw new SignInError('Fake authentication is not enabled.')
    }
    this.deps.signedOut.clear()
    this.deps.activity.touch()
    this.deps.adminToken.write(adminToken)
    await this.#exchange(ZERO_MERCHANT_ID, null, adminToken)
  }

  /**
   * The provider's access token for an exchange: the stored one while it has time left, else a fresh
   * one from the refresh token (under the caller's lock, as the provider rotates refresh tokens).
   */
  async #providerToken(since: number | null): Promise<string> {
    if (this.deps.fakeAuth) {
      const admin = this.deps.adminToken.read()
      if (admin) return admin
    }
    const userManager = await this.deps.userManager()
    const user = await userManager.getUser()
    const secondsLeft = user?.expires_in
    if (user && !user.expired && (secondsLeft === undefined || secondsLeft > PROVIDER_TOKEN_MARGIN_SECONDS)) {
      return user.access_token
    }
    return this.#refreshProviderToken(userManager, since)
  }

  /** Renews the provider's tokens with the refresh token; the new access token. */
  async #refreshProviderToken(userManager: UserManager, since: number | null): Promise<string> {
    // Renewal is by refresh token only: the alternative, a hidden iframe, cannot work with an
    // identity provider that forbids framing, and would only wait for its time-out.
    if (!(await userManager.getUser())?.refresh_token) throw new NoRefreshTokenError()
    // Asked with its time-out: oidc-client-ts 3.5 puts none on the refresh request without it.
    const user = await userManager.signinSilent({
      silentRequestTimeoutInSeconds: userManager.settings.silentRequestTimeoutInSeconds,
    })
    if (this.#markerAt() !== since) {
      // The library stored the renewed provider tokens after sign-out had removed them.
      this.deps.providerTokens.clear()
      throw new SignedOutError()
    }
    if (!user) throw new Error('the provider returned no user')
    return user.access_token
  }

  /** Loads the sign-in library ahead of need, so that a deploy replacing its code cannot strand this tab. */
  preloadSignIn(): void {
    this.deps.userManager().catch(() => {
      // Loaded again, and retried, when it is needed.
    })
  }

  #markerAt(): number | null {
    return this.deps.signedOut.read()?.at ?? null
  }

  /**
   * The merchant this tab shows: the one it last exchanged for or took on (see `showMerchant`). The
   * stored token is shared by every tab, so after another tab's switch it may act for another one.
   */
  tabMerchant(): string | null {
    return this.#tabMerchant
  }

  /** Records that this tab now shows `merchantID` (null: no merchant, such as the merchant chooser). */
  showMerchant(merchantID: string | null): void {
    this.#tabMerchant = merchantID === ZERO_MERCHANT_ID ? null : merchantID
  }

  /**
   * Exchanges the provider token for a portal token acting for `merchantID` and stores it. Runs under
   * the cross-tab lock, so a renewal in another tab cannot overwrite the switch with the old merchant.
   */
  exchange(merchantID: string): Promise<PortalTokenClaims> {
    const since = this.#markerAt()
    return this.deps.lock.run(() => this.#exchange(merchantID, since))
  }

  /**
   * `providerToken` left out: the stored provider token, refreshed first when due. `quiet`: a failure
   * is logged and thrown, and the caller decides whether the user hears of it.
   */
  async #exchange(
    merchantID: string,
    since: number | null,
    providerToken?: string,
    quiet = false,
  ): Promise<PortalTokenClaims> {
    let token: string
    try {
      const bearer = providerToken ?? (await this.#providerToken(since))
      const response = await this.deps.api.request(
        TokenExchangeResponseSchema,
        '/api/auth/org/token/exchange',
        {
          method: 'POST',
          body: { appID: this.deps.appID, merchantID },
          token: bearer,
        },
      )
      token = response.data.token
    } catch (error) {
      if (error instanceof SignedOutError) throw error
      this.#report(quiet, 'Error exchanging tokens', messageOf(error), { merchantID })
      throw new SignInError(messageOf(error), { cause: error })
    }
    const claims = decodePortalToken(token)
    if (!claims) {
      this.#report(quiet, 'failed to decode bread token', 'The portal token could not be read.', {
        merchantID,
      })
      throw new SignInError('The portal token could not be read.')
    }
    // Signed out (here or in another tab) while the exchange was on its way: the token is dropped.
    if (this.#markerAt() !== since) throw new SignedOutError()
    this.deps.portalToken.write(token)
    this.showMerchant(claims.cid)
    return claims
  }

  /**
   * Renews the provider token with its refresh token and exchanges it again for the same merchant.
   * `failedToken` is the portal token that was refused or is due (the stored one when left out).
   * Concurrent callers in this tab share one renewal; across tabs, renewals queue for one lock and a
   * tab that waited uses the token another tab stored meanwhile rather than renewing again, since the
   * provider rotates refresh tokens and treats a second use of one as replay.
   */
  renew(failedToken: string | null = this.storedToken()): Promise<boolean> {
    if (this.#renewing) return this.#renewing
    // A session left without input for the time-out is ended, not renewed (a closed browser included).
    if (this.idleExpired()) {
      this.signOutIdle()
      return Promise.resolve(false)
    }
    const since = this.#markerAt()
    const renewing = this.deps.lock.run((waited) => this.#renewLocked(failedToken, since, waited))
    this.#renewing = renewing
    void renewing.finally(() => {
      if (this.#renewing === renewing) this.#renewing = null
    })
    return renewing
  }

  /** True when the stored token is another one than `failedToken`, at least as new, and alive. */
  #replacedSince(failedToken: string | null): boolean {
    const current = this.current()
    if (!current || current.token === failedToken) return false
    const failed = decodePortalToken(failedToken)
    return !failed || current.claims.iat >= failed.iat
  }

  /**
   * After waiting for another tab's renewal, waits until its token has reached this tab's storage (or
   * the token is removed), for at most `HANDOVER_WAIT_MS`; true when the stored token replaced `failedToken`.
   */
  #handedOver(failedToken: string | null): Promise<boolean> {
    return new Promise((resolve) => {
      const settle = () => {
        const replaced = this.#replacedSince(failedToken)
        if (!replaced && this.storedToken() === failedToken) return
        clearTimeout(timer)
        unsubscribe()
        resolve(replaced)
      }
      const timer = setTimeout(() => {
        unsubscribe()
        resolve(false)
      }, HANDOVER_WAIT_MS)
      const unsubscribe = this.deps.portalToken.subscribe(settle)
      settle()
    })
  }

  async #renewLocked(failedToken: string | null, since: number | null, waited: boolean): Promise<boolean> {
    if (this.#markerAt() !== since) return false
    if (this.#replacedSince(failedToken)) return true
    // Another tab held the lock first, most likely renewing: its token may be on its way to this tab.
    if (waited && failedToken !== null && (await this.#handedOver(failedToken))) return true
    if (this.#markerAt() !== since) return false
    // Read under the lock: a merchant switch another tab finished while this one waited is kept.
    const merchantID = decodePortalToken(this.storedToken())?.cid ?? ZERO_MERCHANT_ID
    try {
      const admin = this.deps.fakeAuth ? this.deps.adminToken.read() : null
      const providerToken = admin ?? (await this.#refreshProviderToken(await this.deps.userManager(), since))
      await this.#exchange(merchantID, since, providerToken, true)
      this.health.succeeded()
      return true
    } catch (error) {
      if (error instanceof SignedOutError) return false
      if (classifySessionFailure(error) === 'transient') {
        // The tokens stay: the renewal is tried again (see keep-alive.ts) and the API's own 401 decides.
        this.deps.log('warn', 'Session renewal failed for now; retrying', { reason: messageOf(error) })
        this.health.failed()
        return false
      }
      this.#fail('Failed to refresh okta token for bread token', messageOf(error))
      this.health.succeeded()
      this.#clearTokens()
      for (const listener of this.#expiredListeners) listener()
      return false
    }
  }

  /** True when the last input in any tab lies further back than the idle time-out. */
  idleExpired(): boolean {
    return this.storedToken() !== null && this.deps.activity.expired()
  }

  /** Ends the session for the idle time-out; of tabs doing so together, one ends the provider's session. */
  signOutIdle(): void {
    inOneTab(
      () => this.signOut('idle'),
      () => this.signOutHere('idle'),
    )
  }

  #report(quiet: boolean, message: string, reason: string, context: Record<string, unknown>): void {
    if (quiet) this.deps.log('error', message, { reason, ...context })
    else this.#fail(message, reason, context)
  }

  #fail(message: string, reason: string, context: Record<string, unknown> = {}): void {
    this.deps.log('error', message, { reason, ...context })
    this.deps.reportFailure(reason)
  }

  #clearTokens() {
    this.deps.portalToken.clear()
    this.deps.adminToken.clear()
    this.deps.providerTokens.clear()
    this.deps.forgetSession()
  }

  /**
   * The synchronous, local part of sign-out, for a tab that leaves ending the provider's session to
   * another tab signing out at the same moment (the idle time-out fires in every tab at once).
   */
  signOutHere(reason: SignOutReason): void {
    this.deps.signedOut.write(reason)
    this.deps.activity.clear()
    this.health.succeeded()
    this.#clearTokens()
    for (const listener of this.#expiredListeners) listener()
  }

  /**
   * Ends the session, failing closed. First, synchronously, the marker and the removal of every
   * token-bearing key, so that nothing after can leave a token behind and every tab (this one through
   * the expiry listeners) goes to /login at once; then the refresh token is revoked and the provider's
   * session ended, which comes back through the sign-out callback. When the provider cannot be reached
   * the user is told, stays on /login, and the revocation is tried again once the browser is online.
   */
  async signOut(reason: SignOutReason = 'user'): Promise<void> {
    const provider = this.deps.providerTokens.read()
    this.signOutHere(reason)
    if (!provider) return
    try {
      await this.deps.endProviderSession(provider)
    } catch (error) {
      this.#fail('Sign-out failed', messageOf(error))
      const { refreshToken } = provider
      if (refreshToken) {
        this.deps.whenOnline(() => {
          this.deps.revokeRefreshToken(refreshToken).catch((retryError: unknown) => {
            this.deps.log('error', 'Sign-out failed', { reason: messageOf(retryError) })
          })
        })
      }
    }
  }
}
