import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type ReactNode, Suspense } from 'react'
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
import { lazyChunk } from '../../shared/load-chunk'
import { DeferredMount } from '../../ui/deferred-mount'
import { PortalShell } from './app-shell'
import { ChooserHeaderControls, MerchantHeaderControls } from './header-controls'

// The page that asks staff to choose a merchant (its searchable combobox) is a chunk of its own.
const ChooseMerchantPage = lazyChunk(() =>
  import('../../merchant/components/choose-merchant-page').then((module) => ({
    default: module.ChooseMerchantPage,
  })),
)

const authed = getRouteApi('/_authed')
const withMerchant = getRouteApi('/_authed/_merchant')

/** The signed-in frame: brand, merchant, language and account in the header; allowed areas in the nav. */
export function MerchantShell({ children }: { children: ReactNode }) {
  const { claims, merchant, access, abilities } = withMerchant.useRouteContext()
  const changeLocale = useChangeLocale()
  const areas = useMenu(MAIN_LAYOUT, access)
  useMerchantMismatchAlert(merchant.name)

  return (
    <PortalShell
      identity={brandIdentity(access.brand)}
      navigationFooter={<LanguagePicker onChange={changeLocale} />}
      areas={areas}
      headerEnd={
        // The header's controls render just after the page's first paint, all at once (the group is
        // right-aligned: one appearing before the others would push them along).
        <DeferredMount fallback={null}>
          <MerchantHeaderControls
            claims={claims}
            merchant={merchant}
            canChangePassword={abilities.passwordChange}
            onLocaleChange={changeLocale}
          />
        </DeferredMount>
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
        <DeferredMount fallback={null}>
          <ChooserHeaderControls
            canChangePassword={claims.scp.includes(SCOPES.password.change)}
            onLocaleChange={changeLocale}
          />
        </DeferredMount>
      }
    >
      <Suspense fallback={null}>
        <ChooseMerchantPage />
      </Suspense>
      <IdleWarning />
    </PortalShell>
  )
}
