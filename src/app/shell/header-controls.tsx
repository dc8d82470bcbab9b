import { Box, Text } from '@mantine/core'
import { Suspense } from 'react'
import type { Merchant } from '../../api/schemas/merchants'
import { canPickMerchant, type PortalTokenClaims } from '../../auth/portal-token'
import { LanguagePicker } from '../../i18n/language-picker'
import type { Locale } from '../../i18n/locales'
import { lazyChunk } from '../../shared/load-chunk'
import { CommandPalette } from './command-palette'
import { UserMenu } from './user-menu'

// The chooser staff use (a searchable combobox) is a chunk of its own; the merchant's name stands in
// for it until it is there.
const MerchantChooser = lazyChunk(() =>
  import('../../merchant/components/merchant-chooser').then((module) => ({
    default: module.MerchantChooser,
  })),
)

/**
 * The signed-in header's right-hand controls: search, merchant, language, account. The merchant
 * chooser staff use (with the floating-UI stack under it) loads apart from the first paint.
 */
export function MerchantHeaderControls({
  claims,
  merchant,
  canChangePassword,
  onLocaleChange,
}: {
  claims: PortalTokenClaims
  merchant: Merchant
  canChangePassword: boolean
  onLocaleChange: (locale: Locale) => Promise<void>
}) {
  return (
    <>
      <CommandPalette />
      {canPickMerchant(claims) ? (
        <Suspense
          fallback={
            <Text fw={600} size="sm" visibleFrom="xs">
              {merchant.name}
            </Text>
          }
        >
          <MerchantChooser current={merchant} />
        </Suspense>
      ) : (
        <Text fw={600} size="sm" visibleFrom="xs" data-testid="current-merchant">
          {merchant.name}
        </Text>
      )}
      <Box visibleFrom="sm">
        <LanguagePicker onChange={onLocaleChange} compact />
      </Box>
      <UserMenu canChangePassword={canChangePassword} />
    </>
  )
}

/** The header's controls before a merchant is chosen: language and account. */
export function ChooserHeaderControls({
  canChangePassword,
  onLocaleChange,
}: {
  canChangePassword: boolean
  onLocaleChange: (locale: Locale) => Promise<void>
}) {
  return (
    <>
      <LanguagePicker onChange={onLocaleChange} compact />
      <UserMenu canChangePassword={canChangePassword} />
    </>
  )
}
