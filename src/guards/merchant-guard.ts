import { redirect } from '@tanstack/react-router'
import type { MerchantContext, RouterContext, SignedInContext } from '../app/context'
import { settleDeepLink } from '../deep-link/deep-link'
import { tenantQueryOptions } from '../merchant/merchant-queries'
import { isMerchantNotChosen } from './merchant-not-chosen'
import { accessStep } from './steps/access'
import { merchantStep } from './steps/merchant'
import { programsStep } from './steps/programs'

interface MerchantGuardInput {
  context: RouterContext & SignedInContext
  location: { pathname: string; search: Record<string, unknown> }
  preload: boolean
}

/**
 * The merchant layout's guard (src/routes/_authed/_merchant.tsx), after the signed-in one: the merchant
 * (step 2), its programs and the flags (step 3), the access facts (step 4). Throws `MerchantNotChosen`
 * when the user may pick a merchant and has none yet, and redirects once a deep link is applied.
 */
export async function merchantGuard({
  context,
  location,
  preload,
}: MerchantGuardInput): Promise<MerchantContext> {
  const { services, queryClient } = context
  const { claims, merchantId, appliedDeepLink } = await merchantStep({
    services,
    claims: context.claims,
    search: location.search,
    preload,
  }).catch(async (error: unknown) => {
    // The chooser is shown in the tenant's brand.
    if (isMerchantNotChosen(error))
      await queryClient.ensureQueryData(tenantQueryOptions(services.api, context.claims.tenantID))
    throw error
  })
  // A deep link is a one-shot command (CONTRACT section 4): once applied, the address keeps only its
  // filters, so that neither a reload nor another tab's token change (which reruns this guard)
  // applies it again and takes the shared token back from the other tab.
  if (appliedDeepLink)
    throw redirect({ to: location.pathname, search: settleDeepLink(location.search), replace: true })
  const { merchant, programs, flags, tenant } = await programsStep({
    context,
    userId: claims.uid,
    tenantId: claims.tenantID,
    merchantId,
  })
  return { claims, merchant, programs, ...accessStep({ claims, tenant, programs, flags }) }
}
