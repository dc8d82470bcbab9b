/** Every settings page, by path, with the h1 it shows. */
export const SETTINGS_PAGES = [
  ['/account-settings', 'Account settings'],
  ['/general-settings', 'Account settings'],
  ['/bank-information', 'Bank information'],
  ['/funding-settings', 'Funding settings'],
  ['/email-notifications', 'Email notifications'],
  ['/payment-products', 'Payment products'],
  ['/checkout-design', 'Checkout design'],
  ['/placement-design', 'Placement design'],
  ['/access-keys', 'Access keys'],
  ['/location-verification-codes', 'Location verification codes'],
  ['/merchant-id-validation', 'Merchant ID validation'],
  ['/internal-settings', 'Internal settings'],
] as const
