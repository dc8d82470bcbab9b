import type { QueryClient } from '@tanstack/react-query'
import type { Merchant } from '../api/schemas/merchants'
import type { Program } from '../api/schemas/programs'
import type { PortalTokenClaims } from '../auth/portal-token'
import type { AccessContext } from '../guards/steps/access'
import type { AppServices } from '../services/app-services'
import type { ShownPages } from '../shared/shown-pages'

export interface RouterContext {
  queryClient: QueryClient
  services: AppServices
  /** Work that waits for the page being opened to show (the router tells it when). */
  shownPages: ShownPages
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
