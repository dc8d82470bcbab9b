import { notFound } from '@tanstack/react-router'
import { ZERO_MERCHANT_ID } from '../../../contract/auth'
import type { PortalTokenClaims } from '../../auth/portal-token'
import { readDeepLink } from '../../deep-link/deep-link'
import { actAsMerchant } from '../../merchant/act-as-merchant'
import { resolveMerchantId } from '../../merchant/merchant-priority'
import type { AppServices } from '../../services/app-services'
import { MerchantNotChosen } from '../merchant-not-chosen'

export interface MerchantStepInput {
  services: Pick<AppServices, 'session' | 'storage' | 'merchantChanges'>
  claims: PortalTokenClaims
  search: Record<string, unknown>
  preload: boolean
}

interface ActingMerchant {
  /** The token's claims once it acts for the merchant. */
  claims: PortalTokenClaims
  merchantId: string
  /**
   * The address is a deep link, and the tab now acts as it says (for its merchant, or for the assigned
   * one, which a link never changes): the link is spent. A link whose merchant could not be taken on
   * (a failed exchange, a veto) is not, so that the next run of the guard tries it again.
   */
  appliedDeepLink: boolean
}

/**
 * Step 2 of the signed-in guard: the merchant to act for, by the spec's priority (deep link, token,
 * stored selection; an assigned merchant never changes). Acting for another merchant is first put to
 * the pages' checks (spec section 5), so unsaved work is kept; a failed exchange (logged by the
 * exchange) leaves the token's merchant. Throws `MerchantNotChosen` when there is none.
 */
export async function merchantStep({
  services,
  claims,
  search,
  preload,
}: MerchantStepInput): Promise<ActingMerchant> {
  const acting = claims.cid === ZERO_MERCHANT_ID ? null : claims.cid
  // Preloads only warm caches: acting for another merchant is a navigation's decision.
  if (preload) {
    // Nothing to warm without a merchant. notFound() ends the preload quietly: the router writes any
    // other error of a preload to the console.
    if (!acting) throw notFound()
    return { claims, merchantId: acting, appliedDeepLink: false }
  }
  const deepLink = readDeepLink(search)
  const wanted = resolveMerchantId({
    claims,
    deepLinkMerchantId: deepLink?.merchantId,
    storedMerchantId: services.storage.get('selectedMerchantId'),
  })
  const applied = (merchantId: string) => deepLink !== null && merchantId === wanted
  if (wanted && wanted !== acting && (acting === null || (await services.merchantChanges.allows(wanted)))) {
    try {
      return {
        claims: await actAsMerchant(services, wanted),
        merchantId: wanted,
        appliedDeepLink: applied(wanted),
      }
    } catch {
      // Logged by the exchange; the user stays with the merchant the token already has.
    }
  }
  // A navigation shows the token's merchant from now on, also one another tab switched to.
  if (!acting) {
    services.session.showMerchant(null)
    throw new MerchantNotChosen()
  }
  return {
    claims: await actAsMerchant(services, acting),
    merchantId: acting,
    appliedDeepLink: applied(acting),
  }
}
