import { Box, Text } from '@mantine/core'
import type { Merchant } from '../../api/schemas/merchants'
import { canPickMerchant, type PortalTokenClaims } from '../../auth/portal-token'
import { LanguagePicker } from '../../i18n/language-picker'
import type { Locale } from '../../i18n/locales'
import { MerchantChooser } from '../../merchant/components/merchant-chooser'
import { CommandPalette } from './command-palette'

// The page asking staff to choose a merchant comes from this chunk too: the chooser is then a part
// of this chunk alone, not of the shared one every control loaded after the first paint would fetch.
export { ChooseMerchantPage } from '../../merchant/components/choose-merchant-page'

import { UserMenu } from './user-menu'

/**
 * The signed-in header's right-hand controls: search, merchant, language, account. Their code (the
 * menus, the merchant chooser's combobox and the floating-UI stack under both) is a chunk of its own,
 * fetched as the shell first renders: nothing on the header is needed for a page's first paint.
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
        <MerchantChooser current={merchant} />
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
