// The session: sign-in, the portal token, its renewal and exchange under the cross-tab lock, and
// sign-out, each in a file of its own (./session-sign-in.ts, ./token-exchange.ts,
// ./session-renewal.ts, ./session-sign-out.ts) over what they share (./session-state.ts). Its types
// are in ./session-deps.ts, its failures in ./session-failure.ts.
import type { PortalTokenClaims } from './portal-token'
import type { RenewalHealth } from './renewal-health'
import type { PortalSession, SessionDeps, SignOutReason } from './session-deps'
import { Renewal } from './session-renewal'
import { completeSignIn, signInWithAdminToken, startSignIn } from './session-sign-in'
import { idleExpired, signOut, signOutHere, signOutIdle } from './session-sign-out'
import { SessionState } from './session-state'
import { exchangeToken } from './token-exchange'

export class Session {
  /** Whether renewals are failing for want of the network or the provider (they are then retried). */
  readonly health: RenewalHealth
  readonly #state: SessionState
  readonly #renewal: Renewal

  constructor(deps: SessionDeps) {
    this.#state = new SessionState(deps)
    this.#renewal = new Renewal(this.#state)
    this.health = this.#state.health
  }

  /** The stored portal token when it decodes and has not outlived its lifetime since it was received. */
  current(now?: number): PortalSession | null {
    return this.#state.current(now)
  }

  /** Seconds until the stored token should be renewed (0 when due), or null without one. */
  secondsUntilRenewal(now?: number): number | null {
    return this.#state.secondsUntilRenewal(now)
  }

  /** The stored portal token, whatever its age. */
  storedToken(): string | null {
    return this.#state.storedToken()
  }

  /** How the last session ended, until the next sign-in. */
  signOutReason(): SignOutReason | null {
    return this.#state.deps.signedOut.read()?.reason ?? null
  }

  onExpired(listener: () => void): () => void {
    return this.#state.onExpired(listener)
  }

  /** Starts the authorization code + PKCE redirect; the destination rides in the OIDC state. */
  startSignIn(returnTo: string): Promise<void> {
    return startSignIn(this.#state, returnTo)
  }

  /**
   * A step-up: the same redirect, asking the provider for a new sign-in (`prompt=login`, `max_age=0`)
   * even while its session and ours last, for an action the platform allows only just after one.
   */
  startFreshSignIn(returnTo: string): Promise<void> {
    return startSignIn(this.#state, returnTo, true)
  }

  /**
   * Completes the redirect back from the provider and exchanges its token for a portal token.
   * Resolves to the same-origin path to open next.
   */
  completeSignIn(url: string): Promise<string> {
    return completeSignIn(this.#state, url)
  }

  /** Uses a developer's token in place of the provider's (fake authentication only). */
  signInWithAdminToken(adminToken: string): Promise<void> {
    return signInWithAdminToken(this.#state, adminToken)
  }

  /** Loads the sign-in library ahead of need, so that a deploy replacing its code cannot strand this tab. */
  preloadSignIn(): void {
    this.#state.deps.userManager().catch(() => {
      // Loaded again, and retried, when it is needed.
    })
  }

  /**
   * The merchant this tab shows: the one it last exchanged for or took on (see `showMerchant`). The
   * stored token is shared by every tab, so after another tab's switch it may act for another one.
   */
  tabMerchant(): string | null {
    return this.#state.tabMerchant()
  }

  /** Records that this tab now shows `merchantID` (null: no merchant, such as the merchant chooser). */
  showMerchant(merchantID: string | null): void {
    this.#state.showMerchant(merchantID)
  }

  /**
   * Exchanges the provider token for a portal token acting for `merchantID` and stores it. Runs under
   * the cross-tab lock, so a renewal in another tab cannot overwrite the switch with the old merchant.
   */
  exchange(merchantID: string): Promise<PortalTokenClaims> {
    const since = this.#state.markerAt()
    return this.#state.deps.lock.run(() => exchangeToken(this.#state, merchantID, { since }))
  }

  /**
   * Renews the provider token and exchanges it again for the same merchant (see Renewal.renew).
   * `failedToken` is the portal token that was refused or is due (the stored one when left out).
   */
  renew(failedToken: string | null = this.storedToken()): Promise<boolean> {
    return this.#renewal.renew(failedToken)
  }

  /** True while a renewal of this tab is under way. */
  renewing(): boolean {
    return this.#renewal.pending()
  }

  /** True when the last input in any tab lies further back than the idle time-out. */
  idleExpired(): boolean {
    return idleExpired(this.#state)
  }

  /** Ends the session for the idle time-out; of tabs doing so together, one ends the provider's session. */
  signOutIdle(): void {
    signOutIdle(this.#state)
  }

  /** The local part of sign-out alone, for a tab leaving the provider to another (see session-sign-out.ts). */
  signOutHere(reason: SignOutReason): void {
    signOutHere(this.#state, reason)
  }

  /** Ends the session, failing closed, then the provider's session (see session-sign-out.ts). */
  signOut(reason: SignOutReason = 'user'): Promise<void> {
    return signOut(this.#state, reason)
  }
}
