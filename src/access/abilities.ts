import { type AccessFacts, all, GATES, type Gate, program, scope } from './gates'
import { accessLevel, hasFinerTransactionScope, SCOPES, type Scope } from './scopes'

// An action is offered only on a page the user may open, so each rule starts with that page's gate.
const on = (page: Gate, required: Scope) => all(page, scope(required))

/**
 * Spec sections 6 and 9: write access (read-write) is granted when any scope starts with the
 * transaction-changing prefix (see `accessLevel`); without it the user is read-only and no transaction
 * action is offered. Finer scopes narrow it and never replace it: a token carrying any per-action
 * transaction scope may take only the actions it names, and a token whose only write scope is the bare
 * prefix may take them all.
 */
function transactionAction(required: Scope): Gate {
  return all(GATES.transactions, {
    id: `read-write narrowed to ${required}`,
    allows: ({ scopes }) => {
      if (accessLevel(scopes) !== 'READ/WRITE') return false
      return !hasFinerTransactionScope(scopes) || scopes.has(required)
    },
  })
}

/**
 * Answering a dispute (accepting or challenging it) needs write access and nothing finer: the platform
 * takes any transaction-changing scope for it (accessLevel's rule, spec sections 6 and 9).
 */
const disputeAnswer: Gate = all(GATES.transactions, {
  id: 'read-write',
  allows: ({ scopes }) => accessLevel(scopes) === 'READ/WRITE',
})

/**
 * Every action of the portal, as a rule over the scopes of product spec section 6 (and the program the
 * spec ties it to). Evaluated once per navigation into the route context as `abilities`; pages read
 * `abilities.refund`, never a scope. The platform refuses the same actions; the portal hides them.
 */
export const ABILITIES = {
  settle: transactionAction(SCOPES.transactions.settle),
  refund: transactionAction(SCOPES.transactions.refund),
  cancel: transactionAction(SCOPES.transactions.cancel),
  disputeAnswer,
  cartCreate: GATES.cartCreate,
  cartEdit: on(GATES.carts, SCOPES.carts.update),
  cartNotify: on(GATES.carts, SCOPES.carts.update),
  cartExpire: on(GATES.carts, SCOPES.carts.update),
  userInvite: on(GATES.userManagement, SCOPES.users.edit),
  userEdit: on(GATES.userManagement, SCOPES.users.edit),
  locationEdit: on(GATES.locations, SCOPES.locations.update),
  accountSettingsEdit: on(GATES.accountSettings, SCOPES.settings.merchantEdit),
  checkoutDesignEdit: on(GATES.checkoutDesign, SCOPES.checkoutDesign.edit),
  placementDesignEdit: on(GATES.placementDesign, SCOPES.placements.edit),
  emailNotificationsEdit: on(GATES.emailNotifications, SCOPES.emailNotifications.edit),
  paymentProductsEdit: on(GATES.paymentProducts, SCOPES.settings.merchantEdit),
  bankInformationEdit: on(GATES.bankInformation, SCOPES.bankInformation.edit),
  // Creating, rotating and revoking access keys; read-only users see names, dates and last use only.
  accessKeysManage: on(GATES.accessKeys, SCOPES.apiKeys.manage),
  fundingSettingsEdit: on(GATES.fundingSettings, SCOPES.funding.edit),
  internalSettingsEdit: on(GATES.internalSettings, SCOPES.settings.internalEdit),
  // In-store issuance: the issuing scope and an active INSTORE program with virtual card checkout.
  cardIssuance: all(scope(SCOPES.virtualCard.issue), program('instoreVirtualCard')),
  passwordChange: scope(SCOPES.password.change),
} as const satisfies Record<string, Gate>

export type AbilityName = keyof typeof ABILITIES
export type Abilities = Readonly<Record<AbilityName, boolean>>

/** What the user may do, decided once from the access facts. */
export function abilitiesOf(facts: AccessFacts): Abilities {
  const entries = Object.entries(ABILITIES).map(([name, rule]) => [name, rule.allows(facts)])
  return Object.fromEntries(entries) as Record<AbilityName, boolean>
}
