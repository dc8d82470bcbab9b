import * as v from 'valibot'
import { AddressSchema } from '../../../contract/carts'
import { dataOf, PaginationSchema } from '../../../contract/common'
import {
  PlanTermsSchema,
  StatusSummarySchema,
  TIMELINE_EVENT_TYPES,
  TimelineEventSchema,
  TRANSACTION_STATUSES,
  TransactionLineItemSchema,
  TransactionListItemSchema,
} from '../../../contract/transactions'
import { currencyCode, lenientArray, openPicklist, optionalPart, withItems } from './common'
import { ChannelReader } from './programs'

/** Statuses, event types and channels are open; currency comes from the data. */
const TransactionStatusReader = openPicklist(TRANSACTION_STATUSES)

const TimelineEventReader = v.object({
  ...TimelineEventSchema.entries,
  type: openPicklist(TIMELINE_EVENT_TYPES),
})

/** A row of the list: everything but the timeline, which only the detail carries. */
const TransactionListItemReader = v.object({
  ...TransactionListItemSchema.entries,
  channel: ChannelReader,
  currency: currencyCode,
  status: TransactionStatusReader,
})
export type TransactionListItem = v.InferOutput<typeof TransactionListItemReader>

/** An address as given: a region or postal code of another country is still shown. */
const AddressReader = v.object({ ...AddressSchema.entries, region: v.string(), postalCode: v.string() })

/**
 * The detail: a row and its timeline. Line items, addresses and plan terms are each shown whole or,
 * absent or unreadable, not at all.
 */
const TransactionReader = v.object({
  ...TransactionListItemReader.entries,
  timeline: lenientArray(TimelineEventReader, 'data.timeline'),
  lineItems: optionalPart(v.array(TransactionLineItemSchema)),
  billingAddress: optionalPart(AddressReader),
  shippingAddress: optionalPart(AddressReader),
  plan: optionalPart(PlanTermsSchema),
})
export type Transaction = v.InferOutput<typeof TransactionReader>

const StatusSummaryReader = v.object({ ...StatusSummarySchema.entries, status: TransactionStatusReader })
export type StatusSummary = v.InferOutput<typeof StatusSummaryReader>

export const TransactionPageReader = v.object({
  data: withItems(
    { pagination: PaginationSchema, summary: lenientArray(StatusSummaryReader, 'data.summary') },
    TransactionListItemReader,
  ),
})
export type TransactionPage = v.InferOutput<typeof TransactionPageReader>['data']

export const TransactionResponseReader = dataOf(TransactionReader)
