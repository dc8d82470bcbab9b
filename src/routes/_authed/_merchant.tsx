import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import type { MerchantContext } from '../../app/context'
import { AuthedPending } from '../../app/shell/authed-pending'
import { ChooserShell, MerchantShell } from '../../app/shell/authed-shell'
import { settleDeepLink } from '../../deep-link/deep-link'
import { accessStep } from '../../guards/steps/access'
import { isMerchantNotChosen, merchantStep } from '../../guards/steps/merchant'
import { programsStep } from '../../guards/steps/programs'
import { tenantQueryOptions } from '../../merchant/merchant-queries'
import { DeferredMount } from '../../ui/deferred-mount'
import { StandaloneRouteError } from '../../ui/standalone'

/**
 * Every page that works for a merchant. Its guard continues the signed-in one: the merchant (step 2),
 * its programs and the flags (step 3), the access facts (step 4). A user who may pick a merchant and
 * has none yet gets the merchant chooser instead, as this route's outcome. A deep link, once applied,
 * is replaced by the filters it stands for.
 */
export const Route = createFileRoute('/_authed/_merchant')({
  // The loading screen stays in the entry (as for /_authed); the merchant chooser, this route's other
  // outcome, is its own chunk that comes with the shell's code.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  beforeLoad: async ({ context, location, preload }): Promise<MerchantContext> => {
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
      tenantId: claims.tenantID,
      merchantId,
    })
    return { claims, merchant, programs, ...accessStep({ claims, tenant, programs, flags }) }
  },
  pendingComponent: AuthedPending,
  errorComponent: MerchantRouteError,
  component: MerchantLayout,
})

function MerchantLayout() {
  // The shell and the first page render in slices behind the loading screen the guard showed.
  return (
    <DeferredMount fallback={<AuthedPending />}>
      <MerchantShell>
        <Outlet />
      </MerchantShell>
    </DeferredMount>
  )
}

/** The merchant chooser when no merchant is chosen; any other failure of the guard full-page. */
function MerchantRouteError(props: Parameters<typeof StandaloneRouteError>[0]) {
  if (!isMerchantNotChosen(props.error)) return <StandaloneRouteError {...props} />
  return (
    <DeferredMount fallback={<AuthedPending />}>
      <ChooserShell />
    </DeferredMount>
  )
}
