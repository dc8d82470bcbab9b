import type { AccessLevel } from '../../contract/users'
import { MERCHANT_IDS, TENANT_IDS, USER_IDS, ZERO_MERCHANT_ID } from './ids'

/** Every scope of product-spec section 6, plus the transaction scopes that grant write access. */
export const SCOPES = {
  settingsRead: 'r:merchant.settings',
  settingsUpdate: 'u:merchant.settings',
  internalSettingsUpdate: 'u:merchant.internal_settings',
  internalSettingsRead: 'r:merchant.internal_settings',
  apiKeysRead: 'r:merchant.api',
  /** Not in the spec's list, which names no write scope for keys: creating, rotating and revoking them. */
  apiKeysWrite: 'w:merchant.api',
  subscriptionRead: 'r:org.subscription',
  subscriptionWrite: 'w:org.subscription',
  paymentProductRead: 'r:paymentProduct',
  uiCustomizationsRead: 'r:ui_customizations',
  uiCustomizationsUpdate: 'u:ui_customizations',
  bankInformationRead: 'r:bank_information',
  bankInformationUpdate: 'u:bank_information',
  passwordWrite: 'w:user.password',
  fundingRead: 'r:funding_settings',
  fundingUpdate: 'u:funding_settings',
  placementsRead: 'r:placements',
  placementsWrite: 'w:placements',
  verificationCodesRead: 'r:org.code',
  merchantIdValidationRead: 'r:vc.restricted',
  virtualCardIssue: 'c:vc.issuance',
  usersRead: 'r:merchant.users',
  usersWrite: 'w:merchant.users',
  cartCreate: 'w:cart',
  cartRead: 'r:cart',
  cartUpdate: 'u:cart',
  locationsRead: 'r:merchant.location',
  merchantUpdate: 'u:merchant',
  txSettle: 'c:tx.settle',
  txRefund: 'c:tx.refund',
  txCancel: 'c:tx.cancel',
} as const

export type Scope = (typeof SCOPES)[keyof typeof SCOPES]

export const ALL_SCOPES: readonly Scope[] = Object.values(SCOPES)

/** Scopes only the provider's own staff hold. */
const STAFF_ONLY_SCOPES: ReadonlySet<Scope> = new Set([
  SCOPES.internalSettingsRead,
  SCOPES.internalSettingsUpdate,
  SCOPES.merchantIdValidationRead,
  SCOPES.virtualCardIssue,
])

export const MERCHANT_OWNER_SCOPES: readonly Scope[] = ALL_SCOPES.filter(
  (scope) => !STAFF_ONLY_SCOPES.has(scope),
)

/** What each access level of user management grants a user: READ/WRITE the owner's, READ its `r:` ones. */
export function scopesOfAccessLevel(level: AccessLevel): readonly Scope[] {
  return level === 'READ/WRITE'
    ? MERCHANT_OWNER_SCOPES
    : MERCHANT_OWNER_SCOPES.filter((scope) => scope.startsWith('r:'))
}

/** Provider support staff may look at every setting and change none. */
export const READ_ONLY_STAFF_SCOPES: readonly Scope[] = ALL_SCOPES.filter((scope) => scope.startsWith('r:'))

export interface Persona {
  /** Identity-provider subject and portal user id alike. */
  id: string
  username: string
  name: string
  /** The assigned merchant, or the zero id for users who pick one. */
  merchantID: string
  tenantID: string
  scopes: readonly Scope[]
  description: string
}

export const PERSONAS: readonly Persona[] = [
  {
    id: USER_IDS.owner,
    username: 'owner@acme.test',
    name: 'Olivia Owner',
    merchantID: MERCHANT_IDS.acme,
    tenantID: TENANT_IDS.default,
    scopes: MERCHANT_OWNER_SCOPES,
    description: 'Acme Outdoor owner: every merchant-facing scope, write access',
  },
  {
    id: USER_IDS.viewer,
    username: 'viewer@acme.test',
    name: 'Victor Viewer',
    merchantID: MERCHANT_IDS.acme,
    tenantID: TENANT_IDS.default,
    scopes: [SCOPES.cartRead, SCOPES.locationsRead],
    description: 'Acme Outdoor read-only: carts and locations only',
  },
  {
    id: USER_IDS.ops,
    username: 'ops@provider.test',
    name: 'Oscar Ops',
    merchantID: ZERO_MERCHANT_ID,
    tenantID: TENANT_IDS.default,
    scopes: ALL_SCOPES,
    description: 'Provider staff: every scope, picks any merchant',
  },
  {
    id: USER_IDS.clinic,
    username: 'clinic@initech.test',
    name: 'Clara Clinic',
    merchantID: MERCHANT_IDS.initech,
    tenantID: TENANT_IDS.default,
    scopes: MERCHANT_OWNER_SCOPES,
    description: 'Initech Dental owner: in-store only, no carts',
  },
  {
    id: USER_IDS.harbor,
    username: 'manager@harbor.test',
    name: 'Hana Harbor',
    merchantID: MERCHANT_IDS.harbor,
    tenantID: TENANT_IDS.bank,
    scopes: MERCHANT_OWNER_SCOPES,
    description: 'Harbor Home Store manager on the bank brand',
  },
  {
    id: USER_IDS.support,
    username: 'support@provider.test',
    name: 'Sasha Support',
    merchantID: ZERO_MERCHANT_ID,
    tenantID: TENANT_IDS.default,
    scopes: READ_ONLY_STAFF_SCOPES,
    description: 'Provider support: every read scope and no edit scope, picks any merchant',
  },
]

export function findPersonaByUsername(username: string): Persona | undefined {
  const wanted = username.trim().toLowerCase()
  return PERSONAS.find((persona) => persona.username === wanted)
}

export function findPersonaById(id: string): Persona | undefined {
  return PERSONAS.find((persona) => persona.id === id)
}
