import { createFileRoute, Outlet } from '@tanstack/react-router'
import type { MerchantContext } from '../../app/context'
import { AuthedPending } from '../../app/shell/authed-pending'
import { ChooserShell, MerchantShell } from '../../app/shell/authed-shell'
import { isMerchantNotChosen } from '../../guards/merchant-not-chosen'
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
  // The guard's code comes with the shell's chunk (scripts/landing-chunk.ts), which every page below
  // needs and index.html preloads, rather than with the entry, which the sign-in page needs alone.
  beforeLoad: async (options): Promise<MerchantContext> =>
    (await import('../../guards/merchant-guard')).merchantGuard(options),
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
