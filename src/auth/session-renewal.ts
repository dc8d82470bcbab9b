// Renewing the portal token before it expires or once the API refused it: the provider's refresh
// token, then the exchange again for the same merchant, one renewal at a time in this tab and, under
// the cross-tab lock, across the user's tabs.
import { ZERO_MERCHANT_ID } from '../../contract/auth'
import { decodePortalToken } from './portal-token'
import { classifySessionFailure, SignedOutError } from './session-failure'
import { idleExpired, signOutIdle } from './session-sign-out'
import { messageOf, type SessionState } from './session-state'
import { exchangeToken, refreshProviderToken } from './token-exchange'

/**
 * How long a tab that waited for another tab's renewal waits at most for that tab's token to reach
 * its storage, when it still holds the token that failed: Chromium hands the lock over to the next
 * tab apart from the storage change, which may arrive a few milliseconds after it.
 */
const HANDOVER_WAIT_MS = 1_000

export class Renewal {
  #renewing: Promise<boolean> | null = null

  constructor(private readonly state: SessionState) {}

  /**
   * Renews the provider token with its refresh token and exchanges it again for the same merchant.
   * `failedToken` is the portal token that was refused or is due. Concurrent callers in this tab share
   * one renewal; across tabs, renewals queue for one lock and a tab that waited uses the token another
   * tab stored meanwhile rather than renewing again, since the provider rotates refresh tokens and
   * treats a second use of one as replay.
   */
  renew(failedToken: string | null): Promise<boolean> {
    if (this.#renewing) return this.#renewing
    // A session left without input for the time-out is ended, not renewed (a closed browser included).
    if (idleExpired(this.state)) {
      signOutIdle(this.state)
      return Promise.resolve(false)
    }
    const since = this.state.markerAt()
    const renewing = this.state.deps.lock.run((waited) => this.#renewLocked(failedToken, since, waited))
    this.#renewing = renewing
    void renewing.finally(() => {
      if (this.#renewing === renewing) this.#renewing = null
    })
    return renewing
  }

  /** True while a renewal of this tab is under way. */
  pending(): boolean {
    return this.#renewing !== null
  }

  /** True when the stored token is another one than `failedToken`, at least as new, and alive. */
  #replacedSince(failedToken: string | null): boolean {
    const current = this.state.current()
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
        if (!replaced && this.state.storedToken() === failedToken) return
        clearTimeout(timer)
        unsubscribe()
        resolve(replaced)
      }
      const timer = setTimeout(() => {
        unsubscribe()
        resolve(false)
      }, HANDOVER_WAIT_MS)
      const unsubscribe = this.state.deps.portalToken.subscribe(settle)
      settle()
    })
  }

  async #renewLocked(failedToken: string | null, since: number | null, waited: boolean): Promise<boolean> {
    const { state } = this
    const { deps } = state
    if (state.markerAt() !== since) return false
    if (this.#replacedSince(failedToken)) return true
    // Another tab held the lock first, most likely renewing: its token may be on its way to this tab.
    if (waited && failedToken !== null && (await this.#handedOver(failedToken))) return true
    if (state.markerAt() !== since) return false
    // Read under the lock: a merchant switch another tab finished while this one waited is kept.
    const merchantID = decodePortalToken(state.storedToken())?.cid ?? ZERO_MERCHANT_ID
    try {
      const admin = deps.fakeAuth ? deps.adminToken.read() : null
      const providerToken = admin ?? (await refreshProviderToken(state, await deps.userManager(), since))
      await exchangeToken(state, merchantID, { since, providerToken, quiet: true })
      state.health.succeeded()
      return true
    } catch (error) {
      if (error instanceof SignedOutError) return false
      if (classifySessionFailure(error) === 'transient') {
        // The tokens stay: the renewal is tried again (see keep-alive.ts) and the API's own 401 decides.
        deps.log('warn', 'Session renewal failed for now; retrying', { reason: messageOf(error), error })
        state.health.failed()
        return false
      }
      state.fail('Failed to refresh okta token for bread token', messageOf(error), { error })
      state.health.succeeded()
      state.clearTokens()
      state.expired()
      return false
    }
  }
}
