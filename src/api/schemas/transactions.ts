import * as v from 'valibot'
import { dataOf, PaginationSchema } from '../../../contract/common'
import {
  StatusSummarySchema,
  TIMELINE_EVENT_TYPES,
  TimelineEventSchema,
  TRANSACTION_STATUSES,
  TransactionListItemSchema,
} from '../../../contract/transactions'
import { currencyCode, lenientArray, openPicklist, withItems } from './common'
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

/** The detail: a row and its timeline. */
const TransactionReader = v.object({
  ...TransactionListItemReader.entries,
  timeline: lenientArray(TimelineEventReader, 'data.timeline'),
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
