import { Box, Text } from '@mantine/core'
import { getRouteApi } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { IdleWarning } from '../../auth/components/idle-warning'
import { canPickMerchant } from '../../auth/portal-token'
import { brandIdentity } from '../../brand/brands'
import { LanguagePicker } from '../../i18n/language-picker'
import { useChangeLocale } from '../../i18n/use-change-locale'
import { ChooseMerchantPage } from '../../merchant/components/choose-merchant-page'
import { MerchantChooser } from '../../merchant/components/merchant-chooser'
import { useMerchantMismatchAlert } from '../../merchant/use-merchant-mismatch-alert'
import { DeferredMount } from '../../ui/deferred-mount'
import { PortalShell } from './app-shell'
import { visibleAreas } from './areas'
import { CommandPalette } from './command-palette'
import { UserMenu } from './user-menu'

const authed = getRouteApi('/_authed')

/** The signed-in frame: brand, merchant, language and account in the header; allowed areas in the nav. */
export function AuthedShell({ children }: { children: ReactNode }) {
  const { claims, merchant, access } = authed.useRouteContext()
  const changeLocale = useChangeLocale()
  const identity = brandIdentity(access.brand)
  const picker = canPickMerchant(claims)
  useMerchantMismatchAlert(merchant?.name ?? '')

  return (
    <PortalShell
      identity={identity}
      navigationFooter={<LanguagePicker onChange={changeLocale} />}
      areas={merchant ? visibleAreas(access) : []}
      headerEnd={
        // The header's controls render just after the page's first paint, all at once (the group is
        // right-aligned: one appearing before the others would push them along).
        <DeferredMount fallback={null}>
          {merchant ? <CommandPalette /> : null}
          {picker && merchant ? (
            <MerchantChooser current={merchant} />
          ) : merchant ? (
            <Text fw={600} size="sm" visibleFrom="xs" data-testid="current-merchant">
              {merchant.name}
            </Text>
          ) : null}
          <Box visibleFrom={merchant ? 'sm' : undefined}>
            <LanguagePicker onChange={changeLocale} compact />
          </Box>
          <UserMenu />
        </DeferredMount>
      }
    >
      {merchant ? children : <ChooseMerchantPage />}
      <IdleWarning />
    </PortalShell>
  )
}
