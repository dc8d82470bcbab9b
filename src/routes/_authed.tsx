import { Trans } from '@lingui/react/macro'
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { abilitiesOf } from '../access/abilities'
import type { AccessFacts } from '../access/gates'
import { ZERO_MERCHANT_ID } from '../api/schemas/auth'
import type { Program } from '../api/schemas/programs'
import { AuthedShell } from '../app/shell/authed-shell'
import { flagsQueryOptions } from '../flags/flags'
import { supportedLocale } from '../i18n/locales'
import { deepLinkMerchantId } from '../merchant/deep-link'
import { resolveMerchantId } from '../merchant/merchant-priority'
import { merchantQueryOptions, tenantQueryOptions } from '../merchant/merchant-queries'
import { loadActiveProgramIds, loadPrograms } from '../programs/load-programs'
import { programFacts } from '../programs/programs'
import { merchantFormat } from '../shared/use-merchant-format'
import { DeferredMount } from '../ui/deferred-mount'
import { LoadingPage } from '../ui/loading-page'
import { Standalone, StandaloneRouteError } from '../ui/standalone'

export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location, preload, matches }) => {
    const { services, queryClient } = context
    const { session, storage, api, log, merchantChanges } = services

    let current = session.current()
    if (!current && !preload && session.secondsUntilRenewal() !== null && (await session.renew())) {
      current = session.current()
    }
    if (!current) throw redirect({ to: '/login', state: { returnTo: location.href }, replace: true })

    let claims = current.claims
    const wanted = resolveMerchantId({
      claims,
      deepLinkMerchantId: deepLinkMerchantId(location.search),
      storedMerchantId: storage.get('selectedMerchantId'),
    })
    // Preloads only warm caches: acting for another merchant is a navigation's decision, and like every
    // merchant change (spec section 5) it is first put to the pages' checks, so unsaved work is kept.
    const acting = claims.cid === ZERO_MERCHANT_ID ? null : claims.cid
    if (
      wanted &&
      wanted !== claims.cid &&
      !preload &&
      (acting === null || (await merchantChanges.allows(wanted)))
    ) {
      try {
        claims = await session.exchange(wanted)
      } catch {
        // Logged by the exchange; the user stays with the merchant the token already has.
      }
    }
    const merchantId = claims.cid === ZERO_MERCHANT_ID ? null : claims.cid
    // A navigation shows the token's merchant from now on, also one another tab switched to.
    if (!preload) session.showMerchant(merchantId)
    if (merchantId && !preload) {
      storage.set('selectedMerchantId', merchantId)
      storage.rememberMerchant(merchantId)
    }

    const merchantRequest = merchantId
      ? queryClient.ensureQueryData(merchantQueryOptions(api, merchantId))
      : null
    // The merchant's date and money formatters are built while the programs are still on their way,
    // rather than in the middle of the first page's render, which they would hold up.
    void merchantRequest
      ?.then((found) => merchantFormat(found, supportedLocale(services.i18n.locale)))
      .catch(() => {
        // The guard below reports the failure.
      })
    let programsRequest: Promise<Program[]> | Program[] = []
    if (merchantId) {
      const programIdsRequest = loadActiveProgramIds(queryClient, api, merchantId)
      // A page can start its first request once the merchant's programs are known, alongside their
      // details (this guard's last request) rather than after them: see StaticDataRouteOption.
      programIdsRequest
        .then((programIds) => {
          for (const match of matches) {
            match.staticData.withShell?.({
              context,
              merchantId,
              programIds,
              search: match.search,
              cause: match.cause,
            })
          }
        })
        .catch(() => {
          // The guard below reports the failure.
        })
      programsRequest = programIdsRequest.then((programIds) =>
        loadPrograms(queryClient, api, merchantId, programIds),
      )
    }
    const [flags, tenant, merchant, programs] = await Promise.all([
      queryClient.ensureQueryData(flagsQueryOptions(api, log, claims.tenantID)),
      queryClient.ensureQueryData(tenantQueryOptions(api, claims.tenantID)),
      merchantRequest,
      programsRequest,
    ])

    const access: AccessFacts = {
      scopes: new Set(claims.scp),
      brand: tenant.brand,
      programs: programFacts(programs),
      flags,
    }
    return { claims, merchant, programs, access, abilities: abilitiesOf(access) }
  },
  pendingComponent: AuthedPending,
  // The shell needs what this guard resolves, so a failure here is shown full-page.
  errorComponent: StandaloneRouteError,
  component: AuthedLayout,
})

function AuthedPending() {
  return (
    <Standalone>
      <LoadingPage label={<Trans>Loading your programs…</Trans>} />
    </Standalone>
  )
}

function AuthedLayout() {
  const { merchant } = Route.useRouteContext()
  // The shell and the first page render in slices behind the loading screen the guard showed.
  return (
    <DeferredMount fallback={<AuthedPending />}>
      <AuthedShell>{merchant ? <Outlet /> : null}</AuthedShell>
    </DeferredMount>
  )
}
