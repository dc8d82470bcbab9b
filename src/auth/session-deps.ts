import type { UserManager } from 'oidc-client-ts'
import type { ApiClient } from '../api/client'
import type { LogFn } from '../log/logger'
import type { ActivityClock } from './idle-timeout'
import type { StoredProviderTokens } from './oidc'
import type { PortalTokenClaims } from './portal-token'
import type { CrossTabLock } from './renewal-lock'

// What the session (./session.ts) is built from: the storage slots it reads and writes, the identity
// provider's library, the platform's client and the app's reporting, injected so that tests and
// several tabs can each have their own.

/** The portal token as kept in browser storage, with when this browser received it. */
export interface StoredPortalToken {
  token: string
  storedAt: number
}

export interface PortalTokenSlot {
  read(): StoredPortalToken | null
  write(token: string): void
  clear(): void
  /** Calls `listener` after every change, this tab's and (once it reaches this tab) another tab's. */
  subscribe(listener: () => void): () => void
}

/** The admin token of fake authentication. */
export interface TokenSlot {
  read(): string | null
  write(token: string): void
  clear(): void
}

/** Why the last session ended: the user signed out, or it timed out for want of activity. */
export type SignOutReason = 'user' | 'idle'

export interface SignOutMarker {
  at: number
  reason: SignOutReason
}

/**
 * Written by sign-out before anything else and removed by the next sign-in: a renewal or exchange that
 * started before sign-out finds it changed and does not write its token back.
 */
export interface SignOutMarkerSlot {
  read(): SignOutMarker | null
  write(reason: SignOutReason): void
  clear(): void
}

/** The provider's session as kept in storage, read and removed without the sign-in library. */
export interface ProviderTokenStore {
  read(): StoredProviderTokens | null
  clear(): void
}

export interface SessionDeps {
  userManager: () => Promise<UserManager>
  api: ApiClient
  appID: string
  origin: string
  portalToken: PortalTokenSlot
  /** With fake authentication, a pasted or picked token stands in for the provider's. */
  adminToken: TokenSlot
  providerTokens: ProviderTokenStore
  signedOut: SignOutMarkerSlot
  /** One renewal or merchant switch at a time across the user's tabs. */
  lock: CrossTabLock
  fakeAuth: boolean
  /** The last input in any tab: set at sign-in, cleared at sign-out, checked before every renewal. */
  activity: ActivityClock
  /** Removes what sign-out must forget beyond the tokens (the selected merchant). */
  forgetSession: () => void
  /** Revokes the refresh token and sends the browser to the provider's end-session page. */
  endProviderSession: (tokens: StoredProviderTokens) => Promise<void>
  /** Revokes a refresh token, for a sign-out that could not reach the provider. */
  revokeRefreshToken: (refreshToken: string) => Promise<void>
  /** Runs the task once the browser is back online. */
  whenOnline: (task: () => void) => void
  /** Shows the authentication error alert ('Error was: {message}'). */
  reportFailure: (message: string) => void
  log: LogFn
  now?: () => number
}

export interface PortalSession {
  token: string
  claims: PortalTokenClaims
}
