import type { Open } from '../api/schemas/common'
import type { Brand } from '../brand/brands'
import { SCOPES, type Scope } from './scopes'

export type ProgramGate = 'ecommerce' | 'ecommerceCheckoutSdk' | 'instore' | 'instoreVirtualCard'
export type ProgramFacts = Record<ProgramGate, boolean>

/** Flag names as the portal sees them: camelCase, value 'true' meaning on. */
export type FlagName = 'isLocationPageEnabled' | 'isMerchantIdValidationPageEnabled'
export type Flags = Readonly<Record<string, string>>

/** What access decisions are made from: the token's scopes, the tenant's brand, programs and flags. */
export interface AccessFacts {
  scopes: ReadonlySet<string>
  /** A brand the portal does not know passes no brand gate and is themed as the default brand. */
  brand: Open<Brand>
  programs: ProgramFacts
  flags: Flags
}

export interface Gate {
  /** Names the rule in errors and tests, e.g. `scope(r:cart) & program(ecommerce)`. */
  readonly id: string
  allows(facts: AccessFacts): boolean
}

export const open: Gate = { id: 'open', allows: () => true }

export function scope(required: Scope): Gate {
  return { id: `scope(${required})`, allows: (facts) => facts.scopes.has(required) }
}

export function program(required: ProgramGate): Gate {
  return { id: `program(${required})`, allows: (facts) => facts.programs[required] }
}

export function isFlagOn(flags: Flags, name: FlagName): boolean {
  return flags[name] === 'true'
}

export function flag(name: FlagName): Gate {
  return { id: `flag(${name})`, allows: (facts) => isFlagOn(facts.flags, name) }
}

// Only the default brand passes: an unknown brand is not assumed to be outside the bank brand.
export const notBankBrand: Gate = { id: 'not-bank-brand', allows: (facts) => facts.brand === 'DEFAULT' }

export function all(...gates: Gate[]): Gate {
  return {
    id: gates.map((gate) => gate.id).join(' & '),
    allows: (facts) => gates.every((g) => g.allows(facts)),
  }
}

const settingsArea = scope(SCOPES.settings.pageAccess)
const settingsPage = (required: Scope) => all(settingsArea, scope(required))
const carts = all(notBankBrand, scope(SCOPES.carts.view), program('ecommerce'))

/** Every route gate of product spec section 6: a route names its gate in its guard, and the navigation reads it from there. */
export const GATES = {
  transactions: open,
  dataInsights: open,
  settlementReport: notBankBrand,
  targetingExport: notBankBrand,
  userManagement: scope(SCOPES.users.read),
  carts,
  cartCreate: all(carts, scope(SCOPES.carts.create)),
  locations: all(notBankBrand, scope(SCOPES.locations.view), flag('isLocationPageEnabled')),
  settings: settingsArea,
  accountSettings: settingsArea,
  checkoutDesign: settingsPage(SCOPES.checkoutDesign.read),
  placementDesign: settingsPage(SCOPES.placements.read),
  accessKeys: settingsPage(SCOPES.apiKeys.read),
  emailNotifications: settingsPage(SCOPES.emailNotifications.read),
  paymentProducts: settingsPage(SCOPES.paymentProducts.read),
  internalSettings: settingsPage(SCOPES.settings.internalView),
  bankInformation: settingsPage(SCOPES.bankInformation.read),
  fundingSettings: settingsPage(SCOPES.funding.read),
  locationVerificationCodes: settingsPage(SCOPES.locationVerificationCodes.read),
  merchantIdValidation: all(
    settingsPage(SCOPES.merchantIdValidation.read),
    flag('isMerchantIdValidationPageEnabled'),
  ),
} as const satisfies Record<string, Gate>

export type GateName = keyof typeof GATES
