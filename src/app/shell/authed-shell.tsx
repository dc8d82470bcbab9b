import { Box, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { SCOPES } from '../../access/scopes'
import { IdleWarning } from '../../auth/components/idle-warning'
import { canPickMerchant } from '../../auth/portal-token'
import { brandIdentity } from '../../brand/brands'
import { LanguagePicker } from '../../i18n/language-picker'
import { useChangeLocale } from '../../i18n/use-change-locale'
import { ChooseMerchantPage } from '../../merchant/components/choose-merchant-page'
import { MerchantChooser } from '../../merchant/components/merchant-chooser'
import { tenantQueryOptions } from '../../merchant/merchant-queries'
import { useMerchantMismatchAlert } from '../../merchant/use-merchant-mismatch-alert'
import { MAIN_LAYOUT } from '../../navigation/menus'
import { useMenu } from '../../navigation/use-menu'
import { useServices } from '../../services/services-context'
import { DeferredMount } from '../../ui/deferred-mount'
import { PortalShell } from './app-shell'
import { CommandPalette } from './command-palette'
import { UserMenu } from './user-menu'

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
          <CommandPalette />
          {canPickMerchant(claims) ? (
            <MerchantChooser current={merchant} />
          ) : (
            <Text fw={600} size="sm" visibleFrom="xs" data-testid="current-merchant">
              {merchant.name}
            </Text>
          )}
          <Box visibleFrom="sm">
            <LanguagePicker onChange={changeLocale} compact />
          </Box>
          <UserMenu canChangePassword={abilities.passwordChange} />
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
          <LanguagePicker onChange={changeLocale} compact />
          <UserMenu canChangePassword={claims.scp.includes(SCOPES.password.change)} />
        </DeferredMount>
      }
    >
      <ChooseMerchantPage />
      <IdleWarning />
    </PortalShell>
  )
}
