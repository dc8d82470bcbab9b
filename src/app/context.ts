import type { I18n } from '@lingui/core'
import type { QueryClient } from '@tanstack/react-query'
import type { AlertStore } from '../alerts/alert-store'
import type { ApiClient } from '../api/client'
import type { Merchant } from '../api/schemas/merchants'
import type { Program } from '../api/schemas/programs'
import type { PortalTokenClaims } from '../auth/portal-token'
import type { Session } from '../auth/session'
import type { Config } from '../config/config'
import type { AccessContext } from '../guards/steps/access'
import type { LogFn } from '../log/logger'
import type { MerchantChangeGuards } from '../merchant/merchant-change'
import type { TypedStorage } from '../storage/storage'

/** Everything the app talks to, built once at start-up (or per test) and handed to the router. */
export interface AppServices {
  config: Config
  api: ApiClient
  storage: TypedStorage
  log: LogFn
  i18n: I18n
  session: Session
  alerts: AlertStore
  merchantChanges: MerchantChangeGuards
}

export interface RouterContext {
  queryClient: QueryClient
  services: AppServices
}

/** What the signed-in area's guard adds to the context (src/routes/_authed.tsx). */
export interface SignedInContext {
  claims: PortalTokenClaims
}

/** What the merchant layout's guard adds for every page below it (src/routes/_authed/_merchant.tsx). */
export interface MerchantContext extends SignedInContext, AccessContext {
  /** The token's claims once it acts for the merchant. */
  claims: PortalTokenClaims
  merchant: Merchant
  /** The merchant's active programs. */
  programs: Program[]
}

/** What the signed-in shell's guard hands a page's `staticData.withShell` (see src/app/router.tsx). */
export interface ShellStart {
  context: RouterContext
  merchantId: string
  /** The merchant's active programs, in the order the guard's context will list them. */
  programIds: readonly string[]
  /** The page's search parameters, as its route validated them. */
  search: unknown
  /** 'enter' when the navigation opens the page, 'stay' when it changes the page's parameters. */
  cause: 'preload' | 'enter' | 'stay'
}
