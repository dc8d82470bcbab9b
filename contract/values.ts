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
