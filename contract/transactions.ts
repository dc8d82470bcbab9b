import * as v from 'valibot'
import { AddressSchema, LineItemSchema } from './carts'
import { dataOf, isoDate, opaqueId, PaginationSchema } from './common'
import { DisputeSchema, DisputeSummarySchema } from './disputes'
import { ChannelSchema } from './programs'
import {
  TRANSACTION_ID_PATTERN,
  TRANSACTION_SEARCH_TYPES,
  TRANSACTION_SORT_FIELDS,
  TRANSACTION_STATUSES,
} from './values'

export { TRANSACTION_ID_PATTERN, TRANSACTION_SEARCH_TYPES, TRANSACTION_SORT_FIELDS, TRANSACTION_STATUSES }

export const TransactionStatusSchema = v.picklist(TRANSACTION_STATUSES)
export type TransactionStatus = v.InferOutput<typeof TransactionStatusSchema>

export const TIMELINE_EVENT_TYPES = [
  'AUTHORIZED',
  'DECLINED',
  'SETTLED',
  'RELEASED',
  'REFUNDED',
  'CANCELLED',
  'EXPIRED',
] as const
export const TimelineEventTypeSchema = v.picklist(TIMELINE_EVENT_TYPES)
export type TimelineEventType = v.InferOutput<typeof TimelineEventTypeSchema>

export const TRANSACTION_ACTIONS = ['settle', 'refund', 'cancel'] as const
export type TransactionAction = (typeof TRANSACTION_ACTIONS)[number]

/** Days an authorization stays open before it expires. */
export const AUTHORIZATION_DAYS = 90

/** An open authorization lapsing within this many days needs action (see NeedsActionSummarySchema). */
export const NEEDS_ACTION_DAYS = 7

/** Money travels as integer cents of the transaction's currency. */
const cents = v.pipe(v.number(), v.integer(), v.minValue(0))

export const TransactionAmountsSchema = v.object({
  authorized: cents,
  settled: cents,
  refunded: cents,
  /**
   * What is still live on the transaction: the authorization that can still be settled while it is
   * open, otherwise what was settled and not refunded (what can still be refunded). Zero once closed.
   */
  remaining: cents,
})
export type TransactionAmounts = v.InferOutput<typeof TransactionAmountsSchema>

export const TimelineEventSchema = v.object({
  at: isoDate,
  type: TimelineEventTypeSchema,
  amount: cents,
  /** Who acted: a user's email, the merchant's integration, the customer or the platform. */
  actor: v.string(),
})
export type TimelineEvent = v.InferOutput<typeof TimelineEventSchema>

const transactionFields = {
  id: v.pipe(v.string(), v.regex(TRANSACTION_ID_PATTERN)),
  merchantID: opaqueId,
  orderId: v.string(),
  createdAt: isoDate,
  customer: v.object({ name: v.string(), email: v.string() }),
  programID: opaqueId,
  channel: ChannelSchema,
  currency: v.literal('USD'),
  amounts: TransactionAmountsSchema,
  status: TransactionStatusSchema,
  /** When the authorization expires (or expired): 90 days after it was made. */
  expiresAt: isoDate,
}

/**
 * A row of the list: everything but the timeline and the order's details, which only the detail
 * carries; its dispute without the dispute's timeline. `dispute` is null when there is none.
 */
export const TransactionListItemSchema = v.object({
  ...transactionFields,
  dispute: v.nullable(DisputeSummarySchema),
})
export type TransactionListItem = v.InferOutput<typeof TransactionListItemSchema>

/** A line of the order: `total` is `unitPrice` × `quantity`; the lines add up to the authorized amount. */
export const TransactionLineItemSchema = v.object({ ...LineItemSchema.entries, total: cents })
export type TransactionLineItem = v.InferOutput<typeof TransactionLineItemSchema>

/** The customer's plan: how many payments, at what APR, starting when. */
export const PlanTermsSchema = v.object({
  numberOfPayments: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** The annual percentage rate in basis points (999 = 9.99 %); 0 for an interest-free plan. */
  aprBPS: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /**
   * The first payment's calendar date in the merchant's time zone: travels as `yyyy-MM-dd` and parses
   * into a Date at midnight UTC (as the insights' dates).
   */
  firstPaymentDate: isoDate,
})
export type PlanTerms = v.InferOutput<typeof PlanTermsSchema>

/**
 * The detail: the row, its timeline and its dispute with the dispute's timeline. Line items, addresses
 * and plan terms are optional: a platform (or a transaction) may not have them, and what is missing
 * is not shown. An in-store purchase has no shipping address.
 */
export const TransactionSchema = v.object({
  ...transactionFields,
  timeline: v.array(TimelineEventSchema),
  dispute: v.nullable(DisputeSchema),
  lineItems: v.optional(v.array(TransactionLineItemSchema)),
  billingAddress: v.optional(AddressSchema),
  shippingAddress: v.optional(AddressSchema),
  plan: v.optional(PlanTermsSchema),
})
export type Transaction = v.InferOutput<typeof TransactionSchema>

const count = v.pipe(v.number(), v.integer(), v.minValue(0))

export const StatusSummarySchema = v.object({
  status: TransactionStatusSchema,
  count,
  /** Sum of the authorized amounts, in cents. */
  total: cents,
})
export type StatusSummary = v.InferOutput<typeof StatusSummarySchema>

/**
 * The rows that need the merchant's action, over the same filtered set as the summary: open
 * authorizations that lapse within NEEDS_ACTION_DAYS (status AUTHORIZED, `expiresAt` after now and
 * at most 7 days away) and disputes awaiting a response (status NEEDS_RESPONSE, `respondBy` not
 * passed). The list's `needsAction=true` filter keeps these rows alone.
 */
export const NeedsActionSummarySchema = v.object({
  /** authorizations + disputes. */
  count: count,
  authorizations: count,
  disputes: count,
})
export type NeedsActionSummary = v.InferOutput<typeof NeedsActionSummarySchema>

export const TransactionPageSchema = v.object({
  data: v.object({
    items: v.array(TransactionListItemSchema),
    pagination: PaginationSchema,
    /** Per status, over the whole filtered set (not just the page); statuses without rows are left out. */
    summary: v.array(StatusSummarySchema),
    needsAction: NeedsActionSummarySchema,
  }),
})
export type TransactionPage = v.InferOutput<typeof TransactionPageSchema>['data']

export const TransactionResponseSchema = dataOf(TransactionSchema)

/** Body of settle, refund and cancel; without `amount` the whole settleable or refundable amount is used. */
export const TransactionActionBodySchema = v.object({
  amount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
})
export type TransactionActionBody = v.InferOutput<typeof TransactionActionBodySchema>

export type TransactionSortField = (typeof TRANSACTION_SORT_FIELDS)[number]
export type SortDirection = 'asc' | 'desc'

export type TransactionSearchType = (typeof TRANSACTION_SEARCH_TYPES)[number]

/** The largest page the list answers; the portal shows at most 100 rows, exports page through 500. */
export const TRANSACTION_PAGE_LIMIT = 500
