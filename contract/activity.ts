import * as v from 'valibot'
import { isoDate, opaqueId, paged } from './common'
import { ACTIVITY_KINDS } from './values'

export { ACTIVITY_KINDS }

/*
 * The merchant's activity log: every write made through the portal, recorded by the platform with who
 * made it, when, what it touched and a before → after summary. An entry never holds a secret, a full
 * card number or a full account number (card and account numbers appear as their last four digits).
 */

export type ActivityKind = (typeof ACTIVITY_KINDS)[number]
export const ActivityKindSchema = v.picklist(ACTIVITY_KINDS)

/** What an entry touched; an open list like the kinds. */
export const ACTIVITY_TARGET_TYPES = [
  'transaction',
  'cart',
  'user',
  'settings',
  'access_key',
  'bank_account',
  'virtual_card',
  'location',
  'enrollment',
  'targeting_export',
] as const
export const ActivityTargetTypeSchema = v.picklist(ACTIVITY_TARGET_TYPES)
export type ActivityTargetType = (typeof ACTIVITY_TARGET_TYPES)[number]

/** The settings pages a `settings.saved` entry names in its target's id. */
export const SETTINGS_PAGES = [
  'business-profile',
  'funding-settings',
  'notification-subscriptions',
  'checkout-design',
  'placements',
  'internal-values',
] as const
export type SettingsPage = (typeof SETTINGS_PAGES)[number]

export const ACTIVITY_PAGE_LIMIT = 200
/** How long one side of a change may be; longer values are cut and end with '…'. */
export const ACTIVITY_VALUE_MAX = 200

const text = v.pipe(v.string(), v.maxLength(ACTIVITY_VALUE_MAX))

/** One changed field: absent `before` for something new, absent `after` for something removed. */
export const ActivityChangeSchema = v.strictObject({
  field: v.pipe(v.string(), v.minLength(1)),
  before: v.optional(text),
  after: v.optional(text),
})
export type ActivityChange = v.InferOutput<typeof ActivityChangeSchema>

/**
 * The change fields that hold a money amount, by target type: decimal text in the merchant's currency
 * (major units, two decimals: `490.94`), unlike the API's integer cents elsewhere.
 */
export const ACTIVITY_MONEY_FIELDS: Partial<Record<ActivityTargetType, readonly string[]>> = {
  transaction: ['settled', 'refunded', 'remaining'],
  cart: ['shipping', 'tax', 'total'],
  virtual_card: ['amount'],
}

/** The change fields that hold a moment, by target type: an ISO 8601 date-time in UTC. */
export const ACTIVITY_TIME_FIELDS: Partial<Record<ActivityTargetType, readonly string[]>> = {
  user: ['invitedAt'],
  access_key: ['expiresAt'],
  bank_account: ['payoutsHeldUntil'],
}

export const ActivityEntrySchema = v.strictObject({
  id: opaqueId,
  at: isoDate,
  merchantID: opaqueId,
  actor: v.strictObject({
    /** The user's id (a token's `uid`); `platform` for what the platform did itself. */
    id: opaqueId,
    email: v.string(),
    name: v.optional(v.string()),
  }),
  kind: ActivityKindSchema,
  target: v.strictObject({
    type: ActivityTargetTypeSchema,
    /** The record's id; for `settings`, the page (SETTINGS_PAGES). */
    id: opaqueId,
    label: v.optional(v.string()),
  }),
  changes: v.array(ActivityChangeSchema),
})
export type ActivityEntry = v.InferOutput<typeof ActivityEntrySchema>

/**
 * GET /api/merchant/{merchantID}/activity (r:merchant.users): newest first; `actor` a user id,
 * `kind` any of ACTIVITY_KINDS (repeated), `from`/`to` ISO instants (from inclusive, to exclusive).
 */
export const ActivityPageSchema = paged(ActivityEntrySchema)
export type ActivityPage = v.InferOutput<typeof ActivityPageSchema>['data']
