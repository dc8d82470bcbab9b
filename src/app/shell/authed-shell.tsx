import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense } from 'react'
import { SCOPES } from '../../access/scopes'
import { IdleWarning } from '../../auth/components/idle-warning'
import { brandIdentity } from '../../brand/brands'
import { LanguagePicker } from '../../i18n/language-picker'
import { useChangeLocale } from '../../i18n/use-change-locale'
import { tenantQueryOptions } from '../../merchant/merchant-queries'
import { useMerchantMismatchAlert } from '../../merchant/use-merchant-mismatch-alert'
import { MAIN_LAYOUT } from '../../navigation/menus'
import { useMenu } from '../../navigation/use-menu'
import { useServices } from '../../services/services-context'
import { useAfterPaint } from '../../ui/deferred-control'
import { PortalShell } from './app-shell'

// The header's controls, and the page that asks staff to choose a merchant, are chunks of their own:
// no page's first paint waits for their menus and comboboxes. The header's are fetched once the page
// has painted (useAfterPaint), so that they take none of the bandwidth its first paint needs.
const MerchantHeaderControls = lazy(() =>
  import('./header-controls').then((module) => ({ default: module.MerchantHeaderControls })),
)
const ChooserHeaderControls = lazy(() =>
  import('./header-controls').then((module) => ({ default: module.ChooserHeaderControls })),
)
const ChooseMerchantPage = lazy(() =>
  import('./header-controls').then((module) => ({ default: module.ChooseMerchantPage })),
)

const authed = getRouteApi('/_authed')
const withMerchant = getRouteApi('/_authed/_merchant')

/** The signed-in frame: brand, merchant, language and account in the header; allowed areas in the nav. */
export function MerchantShell({ children }: { children: ReactNode }) {
  const { claims, merchant, access, abilities } = withMerchant.useRouteContext()
  const changeLocale = useChangeLocale()
  const areas = useMenu(MAIN_LAYOUT, access)
  const painted = useAfterPaint()
  useMerchantMismatchAlert(merchant.name)

  return (
    <PortalShell
      identity={brandIdentity(access.brand)}
      navigationFooter={<LanguagePicker onChange={changeLocale} />}
      areas={areas}
      headerEnd={
        // The group is right-aligned: the controls show all at once, so none pushes the others along.
        painted ? (
          <Suspense fallback={null}>
            <MerchantHeaderControls
              claims={claims}
              merchant={merchant}
              canChangePassword={abilities.passwordChange}
              onLocaleChange={changeLocale}
            />
          </Suspense>
        ) : null
      }
    >
      {children}
      <IdleWarning />
    </PortalShell>
  )
}

/** The frame around the merchant chooser: nowhere to go yet, so no navigation and no merchant. */
export function ChooserShell() {
  const { claims } = authed.useRouteContext()
  const { api } = useServices()
  const tenant = useSuspenseQuery(tenantQueryOptions(api, claims.tenantID)).data
  const changeLocale = useChangeLocale()

  return (
    <PortalShell
      identity={brandIdentity(tenant.brand)}
      areas={[]}
      headerEnd={
        <Suspense fallback={null}>
          <ChooserHeaderControls
            canChangePassword={claims.scp.includes(SCOPES.password.change)}
            onLocaleChange={changeLocale}
          />
        </Suspense>
      }
    >
      <Suspense fallback={null}>
        <ChooseMerchantPage />
      </Suspense>
      <IdleWarning />
    </PortalShell>
  )
}
