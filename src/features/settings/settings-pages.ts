import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { FileRouteTypes } from '../../../routes.gen'
import { type AccessFacts, GATES, type GateName } from '../../access/gates'

export interface SettingsPage {
  to: FileRouteTypes['to']
  label: MessageDescriptor
  gate: GateName
  /** Other paths that show the same page. */
  aliases?: readonly string[]
}

/** The settings navigation, in the order a merchant thinks about them. */
export const SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    to: '/account-settings',
    label: msg`Account settings`,
    gate: 'accountSettings',
    aliases: ['/general-settings'],
  },
  { to: '/bank-information', label: msg`Bank information`, gate: 'bankInformation' },
  { to: '/funding-settings', label: msg`Funding settings`, gate: 'fundingSettings' },
  { to: '/email-notifications', label: msg`Email notifications`, gate: 'emailNotifications' },
  { to: '/payment-products', label: msg`Payment products`, gate: 'paymentProducts' },
  { to: '/checkout-design', label: msg`Checkout design`, gate: 'checkoutDesign' },
  { to: '/placement-design', label: msg`Placement design`, gate: 'placementDesign' },
  { to: '/access-keys', label: msg`Access keys`, gate: 'accessKeys' },
  {
    to: '/location-verification-codes',
    label: msg`Location verification codes`,
    gate: 'locationVerificationCodes',
  },
  { to: '/merchant-id-validation', label: msg`Merchant ID validation`, gate: 'merchantIdValidation' },
  { to: '/internal-settings', label: msg`Internal settings`, gate: 'internalSettings' },
]

/** Exactly the settings pages these facts open: the guards' own gate functions decide. */
export function visibleSettingsPages(facts: AccessFacts): SettingsPage[] {
  return SETTINGS_PAGES.filter((page) => GATES[page.gate].allows(facts))
}

export function isCurrentPage(page: SettingsPage, pathname: string): boolean {
  return page.to === pathname || (page.aliases?.includes(pathname) ?? false)
}
