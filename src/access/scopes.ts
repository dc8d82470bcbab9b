import type { AccessLevel } from '../../contract/users'

/** The permission scopes of the product, by area (product spec section 6). */
export const SCOPES = {
  settings: {
    pageAccess: 'r:merchant.settings',
    merchantEdit: 'u:merchant.settings',
    internalEdit: 'u:merchant.internal_settings',
    internalView: 'r:merchant.internal_settings',
  },
  // The spec names only the read scope; the contract names the one managing keys (contract/README.md).
  apiKeys: { read: 'r:merchant.api', manage: 'w:merchant.api' },
  emailNotifications: { read: 'r:org.subscription', edit: 'w:org.subscription' },
  paymentProducts: { read: 'r:paymentProduct' },
  checkoutDesign: { read: 'r:ui_customizations', edit: 'u:ui_customizations' },
  bankInformation: { read: 'r:bank_information', edit: 'u:bank_information' },
  password: { change: 'w:user.password' },
  funding: { read: 'r:funding_settings', edit: 'u:funding_settings' },
  placements: { read: 'r:placements', edit: 'w:placements' },
  locationVerificationCodes: { read: 'r:org.code' },
  merchantIdValidation: { read: 'r:vc.restricted' },
  virtualCard: { issue: 'c:vc.issuance' },
  users: { read: 'r:merchant.users', edit: 'w:merchant.users' },
  carts: { create: 'w:cart', view: 'r:cart', update: 'u:cart' },
  locations: { view: 'r:merchant.location', update: 'u:merchant' },
  // The spec names only their prefix (c:tx means read-write); the platform grants each action its own.
  transactions: { settle: 'c:tx.settle', refund: 'c:tx.refund', cancel: 'c:tx.cancel' },
} as const

type ScopeTable = typeof SCOPES
export type Scope = { [A in keyof ScopeTable]: ScopeTable[A][keyof ScopeTable[A]] }[keyof ScopeTable]

/** Any scope with this prefix makes a user read-write (spec section 6). */
const WRITE_PREFIX = 'c:tx'

/** Read-write exactly when some scope starts with `c:tx` (the transaction-changing scopes). */
export function accessLevel(scopes: Iterable<string>): AccessLevel {
  for (const scope of scopes) if (scope.startsWith(WRITE_PREFIX)) return 'READ/WRITE'
  return 'READ'
}

/** True when some scope is a finer transaction scope (`c:tx.refund`), naming the one action it allows. */
export function hasFinerTransactionScope(scopes: Iterable<string>): boolean {
  for (const scope of scopes) if (scope.startsWith(`${WRITE_PREFIX}.`)) return true
  return false
}
