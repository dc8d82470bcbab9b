// What the parts of the session (./session.ts) share: its dependencies, the stored portal token as it
// reads now, the sign-out marker, the merchant this tab shows, and how a failure is reported. The
// marker is read here only: a renewal or exchange begun before a sign-out (in any tab) compares it
// with the one it started under and drops its token when they differ.
import { ZERO_MERCHANT_ID } from '../../contract/auth'
import { decodePortalToken, type PortalTokenClaims } from './portal-token'
import { RenewalHealth } from './renewal-health'
import { hasLapsed, msUntilRenewal, type ReceivedToken } from './renewal-schedule'
import type { PortalSession, SessionDeps, StoredPortalToken } from './session-deps'

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function received(stored: StoredPortalToken, claims: PortalTokenClaims): ReceivedToken {
  return { iat: claims.iat, exp: claims.exp, receivedAt: stored.storedAt }
}

export class SessionState {
  /** Whether renewals are failing for want of the network or the provider (they are then retried). */
  readonly health = new RenewalHealth()
  readonly now: () => number
  #tabMerchant: string | null = null
  readonly #expiredListeners = new Set<() => void>()

  constructor(readonly deps: SessionDeps) {
    this.now = deps.now ?? Date.now
  }

  /** The stored portal token when it decodes and has not outlived its lifetime since it was received. */
  current(now = this.now()): PortalSession | null {
    const stored = this.deps.portalToken.read()
    const claims = decodePortalToken(stored?.token)
    if (!stored || !claims || hasLapsed(received(stored, claims), now)) return null
    return { token: stored.token, claims }
  }

  /** Seconds until the stored token should be renewed (0 when due), or null without one. */
  secondsUntilRenewal(now = this.now()): number | null {
    const stored = this.deps.portalToken.read()
    const claims = decodePortalToken(stored?.token)
    return stored && claims ? msUntilRenewal(received(stored, claims), now) / 1000 : null
  }

  /** The stored portal token, whatever its age. */
  storedToken(): string | null {
    return this.deps.portalToken.read()?.token ?? null
  }

  /** When the last sign-out happened, or null since the last sign-in. */
  markerAt(): number | null {
    return this.deps.signedOut.read()?.at ?? null
  }

  tabMerchant(): string | null {
    return this.#tabMerchant
  }

  showMerchant(merchantID: string | null): void {
    this.#tabMerchant = merchantID === ZERO_MERCHANT_ID ? null : merchantID
  }

  onExpired(listener: () => void): () => void {
    this.#expiredListeners.add(listener)
    return () => this.#expiredListeners.delete(listener)
  }

  /** Tells the listeners that this tab's session is over. */
  expired(): void {
    for (const listener of this.#expiredListeners) listener()
  }

  /** Logs a failure; unless `quiet`, the user is told too. */
  report(quiet: boolean, message: string, reason: string, context: Record<string, unknown>): void {
    if (quiet) this.deps.log('error', message, { reason, ...context })
    else this.fail(message, reason, context)
  }

  /** Logs a failure and tells the user. */
  fail(message: string, reason: string, context: Record<string, unknown> = {}): void {
    this.deps.log('error', message, { reason, ...context })
    this.deps.reportFailure(reason)
  }

  /** Removes every token-bearing key, and what the session must forget with them. */
  clearTokens(): void {
    this.deps.portalToken.clear()
    this.deps.adminToken.clear()
    this.deps.providerTokens.clear()
    this.deps.forgetSession()
  }
}
