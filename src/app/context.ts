import type { QueryClient } from '@tanstack/react-query'
import type { Merchant } from '../api/schemas/merchants'
import type { Program } from '../api/schemas/programs'
import type { PortalTokenClaims } from '../auth/portal-token'
import type { AccessContext } from '../guards/steps/access'
import type { AppServices } from '../services/app-services'

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
