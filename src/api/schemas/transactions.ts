import * as v from 'valibot'
import {
  TIMELINE_EVENT_TYPES,
  TRANSACTION_ID_PATTERN,
  TRANSACTION_STATUSES,
  TransactionAmountsSchema,
} from '../../../contract/transactions'
import {
  currencyCode,
  dataOf,
  isoDate,
  lenientArray,
  opaqueId,
  openPicklist,
  PaginationSchema,
  withItems,
} from './common'
import { ChannelSchema } from './programs'

export * from '../../../contract/transactions'

const cents = v.pipe(v.number(), v.integer(), v.minValue(0))

export const TransactionStatusSchema = openPicklist(TRANSACTION_STATUSES)
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]

export const TimelineEventTypeSchema = openPicklist(TIMELINE_EVENT_TYPES)
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[number]

export const TimelineEventSchema = v.object({
  at: isoDate,
  type: TimelineEventTypeSchema,
  amount: cents,
  /** Who acted: a user's email, the merchant's integration, the customer or the platform. */
  actor: v.string(),
})

const transactionFields = {
  id: v.pipe(v.string(), v.regex(TRANSACTION_ID_PATTERN)),
  merchantID: opaqueId,
  orderId: v.string(),
  createdAt: isoDate,
  customer: v.object({ name: v.string(), email: v.string() }),
  programID: opaqueId,
  channel: ChannelSchema,
  currency: currencyCode,
  amounts: TransactionAmountsSchema,
  status: TransactionStatusSchema,
  /** When the authorization expires (or expired): 90 days after it was made. */
  expiresAt: isoDate,
}

/** A row of the list: everything but the timeline, which only the detail carries. */
export const TransactionListItemSchema = v.object(transactionFields)
export type TransactionListItem = v.InferOutput<typeof TransactionListItemSchema>

export const TransactionSchema = v.object({
  ...transactionFields,
  timeline: lenientArray(TimelineEventSchema, 'data.timeline'),
})
export type Transaction = v.InferOutput<typeof TransactionSchema>

export const StatusSummarySchema = v.object({
  status: TransactionStatusSchema,
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Sum of the authorized amounts, in cents. */
  total: cents,
})
export type StatusSummary = v.InferOutput<typeof StatusSummarySchema>

export const TransactionPageSchema = v.object({
  data: withItems(
    {
      pagination: PaginationSchema,
      /** Per status, over the whole filtered set (not just the page); statuses without rows are left out. */
      summary: lenientArray(StatusSummarySchema, 'data.summary'),
    },
    TransactionListItemSchema,
  ),
})
export type TransactionPage = v.InferOutput<typeof TransactionPageSchema>['data']

export const TransactionResponseSchema = dataOf(TransactionSchema)

/** The server's search types; the portal's default is `Transaction` (CONTRACT section 4). */
export const TRANSACTION_SEARCH_TYPES = [
  'Transaction',
  'Order',
  'CustomerName',
  'CustomerEmail',
  'Amount',
] as const
export type TransactionSearchType = (typeof TRANSACTION_SEARCH_TYPES)[number]
