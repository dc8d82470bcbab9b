import { createFileRoute } from '@tanstack/react-router'
import type { SignedInContext } from '../app/context'
import { AuthedPending } from '../app/shell/authed-pending'
import { sessionStep } from '../guards/steps/session'
import { tenantQueryOptions } from '../merchant/merchant-queries'
import { StandaloneRouteError } from '../ui/standalone'

/**
 * The signed-in area: step 1 of its guard (the session). The merchant, its programs and the access
 * facts follow in the merchant layout below (src/routes/_authed/_merchant.tsx).
 */
export const Route = createFileRoute('/_authed')({
  // The loading screen (made of the entry's own parts) stays in the entry: it shows while the guards work.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: async ({ context: { queryClient, services }, location, preload }): Promise<SignedInContext> => {
    const claims = await sessionStep({ session: services.session, returnTo: location.href, preload })
    // The tenant (the portal's brand) is asked for now, alongside the merchant's exchange and programs.
    void queryClient.prefetchQuery(tenantQueryOptions(services.api, claims.tenantID))
    return { claims }
  },
  pendingComponent: AuthedPending,
  errorComponent: StandaloneRouteError,
})
