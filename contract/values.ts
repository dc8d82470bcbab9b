// The platform's value lists that the portal's addresses (URL search parameters) also name, apart
// from the schemas that use them. A module ships whole in one chunk: the route tree, which is in the
// entry chunk, taking a list from a schema module would bring every schema of that module to the
// sign-in page. The area modules (carts.ts, locations.ts, …) export these too.

/**
 * A cart's life: a merchant builds it (OPEN) and sends its link to the customer (SENT); the customer
 * opens the link (OPENED) and finishes checkout with financing (COMPLETED). A cart not completed by
 * its expiry date, or expired by the merchant, is EXPIRED. Completed and expired carts are read-only.
 */
export const CART_STATUSES = ['OPEN', 'SENT', 'OPENED', 'COMPLETED', 'EXPIRED'] as const

/** OPEN serves customers; TEMPORARILY_CLOSED will again (a renovation, a storm); CLOSED for good. */
export const LOCATION_STATUSES = ['OPEN', 'TEMPORARILY_CLOSED', 'CLOSED'] as const

/** INVITED until the invitation's activation link is used; DEACTIVATED users cannot sign in. */
export const USER_STATUSES = ['INVITED', 'ACTIVE', 'DEACTIVATED'] as const

/** A payment product configuration is ACTIVE or INACTIVE (the payment products page filters by it). */
export const CONFIGURATION_STATES = ['ACTIVE', 'INACTIVE'] as const

export const INSIGHT_INTERVALS = ['day', 'week'] as const

/** The longest range one insights request may cover: the two years of history, plus a leap day. */
export const INSIGHT_MAX_DAYS = 731

/**
 * A transaction's life: every one starts as an authorization (or is declined). Settling captures it,
 * wholly or partly (a partial settle releases the rest of the authorization); refunds return settled
 * money; cancelling releases an unsettled authorization; an authorization not settled within 90 days
 * expires. A settled transaction whose customer disputes it is DISPUTED while the dispute is open
 * (contract/disputes.ts), then follows its amounts again.
 */
export const TRANSACTION_STATUSES = [
  'AUTHORIZED',
  'SETTLED',
  'PARTIALLY_SETTLED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'CANCELLED',
  'EXPIRED',
  'DECLINED',
  'DISPUTED',
] as const

export const TRANSACTION_ID_PATTERN = /^TX-[0-9A-Z]{8}$/

/**
 * What the list sorts by. `deadline` is a row's next deadline, passed or not: `respondBy` for a
 * dispute awaiting a response, `expiresAt` for an open authorization (status AUTHORIZED); rows without
 * one come after those with one in either direction, newest first.
 */
export const TRANSACTION_SORT_FIELDS = ['createdAt', 'customer', 'amount', 'status', 'deadline'] as const

/** The server's search types; the portal's default is `Transaction` (CONTRACT section 4). */
export const TRANSACTION_SEARCH_TYPES = [
  'Transaction',
  'Order',
  'CustomerName',
  'CustomerEmail',
  'Amount',
] as const

/** What an entry records; an open list: a newer platform may record kinds the portal does not know. */
export const ACTIVITY_KINDS = [
  'transaction.settled',
  'transaction.refunded',
  'transaction.cancelled',
  'dispute.accepted',
  'dispute.challenged',
  'dispute.evidence_uploaded',
  'cart.created',
  'cart.updated',
  'cart.sent',
  'cart.expired',
  'user.invited',
  'user.invitation_resent',
  'user.deactivated',
  'user.reactivated',
  'user.access_changed',
  'settings.saved',
  'key.created',
  'key.rotated',
  'key.revoked',
  'bank.changed',
  'card.issued',
  'location.updated',
  'enrollment.created',
  'enrollment.updated',
  'enrollment.deleted',
  'password.changed',
  'export.requested',
] as const
