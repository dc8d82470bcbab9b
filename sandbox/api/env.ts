import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import type { PortalTokenClaims } from '../../contract/auth'
import type { PlatformMode } from '../control-wire'
import type { Store } from '../store'
import type { SandboxClock } from './clock'
import type { PortalTokens } from './portal-tokens'

export interface ApiVariables {
  /** Set by the auth middleware on every route that needs a portal token. */
  claims: PortalTokenClaims | undefined
  /** How the platform answers this request (see newer-platform.ts). */
  platform: PlatformMode
  /** Set by a route whose answer holds a secret shown once: the idempotency ledger keeps no copy of it. */
  secretInAnswer: boolean | undefined
}

export type ApiEnv = { Bindings: HttpBindings; Variables: ApiVariables }
export type ApiContext = Context<ApiEnv>

/** What resource routers may use; the store is read through a getter because reset() replaces it. */
export interface ApiDeps {
  store(): Store
  portalTokens: PortalTokens
  /** The platform's clock (real time plus what tests advanced it by). */
  clock: SandboxClock
}
