import type { User, UserManager } from 'oidc-client-ts'
import type { ApiClient } from '../api/client'
import { TokenExchangeResponseSchema, ZERO_MERCHANT_ID } from '../api/schemas/auth'
import type { LogFn } from '../log/logger'
import { decodePortalToken, isExpired, type PortalTokenClaims, secondsLeft } from './portal-token'
import { safeReturnPath } from './return-path'

/** The portal token as kept in browser storage. */
export interface TokenSlot {
  read(): string | null
  write(token: string): void
  clear(): void
}

export interface SessionDeps {
  userManager: () => Promise<UserManager>
  api: ApiClient
  appID: string
  origin: string
  portalToken: TokenSlot
  /** With fake authentication, a pasted or picked token stands in for the provider's. */
  adminToken: TokenSlot
  fakeAuth: boolean
  /** Removes what sign-out must forget beyond the tokens (the selected merchant). */
  forgetSession: () => void
  log: LogFn
  /** Where the browser goes when the provider cannot end its session. */
  assignLocation: (url: string) => void
}

export interface PortalSession {
  token: string
  claims: PortalTokenClaims
}

/** A sign-in that cannot complete; `message` is the cause shown after 'Error was:'. */
export class SignInError extends Error {
  override readonly name = 'SignInError'
}

/** Renew this many seconds before the portal token expires, so requests never meet an expired one. */
export const RENEW_BEFORE_EXPIRY_S = 60

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

interface SignInState {
  returnTo?: unknown
}

export class Session {
  #renewing: Promise<boolean> | null = null
  readonly #expiredListeners = new Set<() => void>()

  constructor(private readonly deps: SessionDeps) {}

  /** The stored portal token when it decodes and has not expired. */
  current(now = Date.now()): PortalSession | null {
    const token = this.deps.portalToken.read()
    const claims = decodePortalToken(token)
    if (!token || !claims || isExpired(claims, now)) return null
    return { token, claims }
  }

  /** Claims of the stored token even when expired: renewal keeps acting for the same merchant. */
  #storedClaims(): PortalTokenClaims | null {
    return decodePortalToken(this.deps.portalToken.read())
  }

  secondsUntilRenewal(now = Date.now()): number | null {
    const claims = this.#storedClaims()
    return claims ? secondsLeft(claims, now) - RENEW_BEFORE_EXPIRY_S : null
  }

  onExpired(listener: () => void): () => void {
    this.#expiredListeners.add(listener)
    return () => this.#expiredListeners.delete(listener)
  }

  /** Starts the authorization code + PKCE redirect; the destination rides in the OIDC state. */
  async startSignIn(returnTo: string): Promise<void> {
    const state: SignInState = { returnTo: safeReturnPath(returnTo, this.deps.origin) }
    await (await this.deps.userManager()).signinRedirect({ state })
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
      this.deps.log('error', 'Failed to parse token from url', { reason: messageOf(error) })
      throw new SignInError(messageOf(error))
    }
    if (!user) {
      this.deps.log('error', 'Failed to parse token from url', { reason: 'no user in the callback' })
      throw new SignInError('The sign-in answer held no user.')
    }
    await this.exchange(ZERO_MERCHANT_ID, user.access_token)
    return safeReturnPath((user.state as SignInState | undefined)?.returnTo, this.deps.origin)
  }

  /** Uses a developer's token in place of the provider's (fake authentication only). */
  async signInWithAdminToken(adminToken: string): Promise<void> {
    if (!this.deps.fakeAuth) throw new SignInError('Fake authentication is not enabled.')
    this.deps.adminToken.write(adminToken)
    await this.exchange(ZERO_MERCHANT_ID, adminToken)
  }

  async #providerToken(): Promise<string> {
    if (this.deps.fakeAuth) {
      const admin = this.deps.adminToken.read()
      if (admin) return admin
    }
    const user = await (await this.deps.userManager()).getUser()
    if (!user || user.expired) throw new Error('no provider session')
    return user.access_token
  }

  /** Exchanges the provider token for a portal token acting for `merchantID` and stores it. */
  async exchange(merchantID: string, providerToken?: string): Promise<PortalTokenClaims> {
    let token: string
    try {
      const bearer = providerToken ?? (await this.#providerToken())
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
      this.deps.log('error', 'Error exchanging tokens', { reason: messageOf(error), merchantID })
      throw new SignInError(messageOf(error))
    }
    const claims = decodePortalToken(token)
    if (!claims) {
      this.deps.log('error', 'failed to decode bread token', { merchantID })
      throw new SignInError('The portal token could not be read.')
    }
    this.deps.portalToken.write(token)
    return claims
  }

  /**
   * Renews the provider token with its refresh token and exchanges it again for the same merchant.
   * Concurrent callers (many requests failing with 401 together) share one renewal.
   */
  renew(): Promise<boolean> {
    this.#renewing ??= this.#renew().finally(() => {
      this.#renewing = null
    })
    return this.#renewing
  }

  async #renew(): Promise<boolean> {
    const merchantID = this.#storedClaims()?.cid ?? ZERO_MERCHANT_ID
    try {
      let providerToken: string
      const admin = this.deps.fakeAuth ? this.deps.adminToken.read() : null
      if (admin) {
        providerToken = admin
      } else {
        const userManager = await this.deps.userManager()
        // Renewal is by refresh token only: the alternative, a hidden iframe, cannot work with an
        // identity provider that forbids framing, and would only wait for its time-out.
        if (!(await userManager.getUser())?.refresh_token) throw new Error('no refresh token')
        const user = await userManager.signinSilent()
        if (!user) throw new Error('the provider returned no user')
        providerToken = user.access_token
      }
      await this.exchange(merchantID, providerToken)
      return true
    } catch (error) {
      this.deps.log('error', 'Failed to refresh okta token for bread token', { reason: messageOf(error) })
      this.#clearTokens()
      for (const listener of this.#expiredListeners) listener()
      return false
    }
  }

  #clearTokens() {
    this.deps.portalToken.clear()
    this.deps.adminToken.clear()
    this.deps.forgetSession()
  }

  /**
   * Forgets every token and the selected merchant, then ends the provider session, which returns
   * to the sign-out callback. When the provider cannot be reached the user still goes there.
   */
  async signOut(): Promise<void> {
    this.#clearTokens()
    try {
      const userManager = await this.deps.userManager()
      const idToken = (await userManager.getUser())?.id_token
      await userManager.removeUser()
      await userManager.signoutRedirect({ id_token_hint: idToken })
    } catch (error) {
      this.deps.log('error', 'Sign-out failed', { reason: messageOf(error) })
      this.deps.assignLocation('/logout/callback')
    }
  }
}
