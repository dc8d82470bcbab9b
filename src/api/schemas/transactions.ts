import * as v from 'valibot'
import { AddressSchema } from '../../../contract/carts'
import { dataOf, PaginationSchema } from '../../../contract/common'
import {
  DISPUTE_EVENT_TYPES,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  DisputeChallengeSchema,
  DisputeEventSchema,
  DisputeSummarySchema,
  EVIDENCE_CONTENT_TYPES,
  EvidenceFileSchema,
} from '../../../contract/disputes'
import {
  NeedsActionSummarySchema,
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

/** A dispute's reason, status and event types are open lists: an unknown status allows no answer. */
const DisputeSummaryReader = v.object({
  ...DisputeSummarySchema.entries,
  reason: openPicklist(DISPUTE_REASONS),
  status: openPicklist(DISPUTE_STATUSES),
})

const DisputeEventReader = v.object({
  ...DisputeEventSchema.entries,
  type: openPicklist(DISPUTE_EVENT_TYPES),
})

/** A file the platform kept; its size is read as given (a newer platform may allow larger files). */
const EvidenceFileReader = v.object({
  ...EvidenceFileSchema.entries,
  contentType: openPicklist(EVIDENCE_CONTENT_TYPES),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
})

const DisputeReader = v.object({
  ...DisputeSummaryReader.entries,
  timeline: lenientArray(DisputeEventReader, 'data.dispute.timeline'),
  challenge: optionalPart(
    v.object({
      ...DisputeChallengeSchema.entries,
      evidence: lenientArray(EvidenceFileReader, 'data.dispute.challenge.evidence'),
    }),
  ),
})

/** A row of the list: everything but the timeline, which only the detail carries. No dispute: null. */
const TransactionListItemReader = v.object({
  ...TransactionListItemSchema.entries,
  channel: ChannelReader,
  currency: currencyCode,
  status: TransactionStatusReader,
  dispute: v.optional(v.nullable(DisputeSummaryReader), null),
})
export type TransactionListItem = v.InferOutput<typeof TransactionListItemReader>

/** An address as given: a region or postal code of another country is still shown. */
const AddressReader = v.object({ ...AddressSchema.entries, region: v.string(), postalCode: v.string() })

/**
 * The detail: a row, its timeline and its dispute with the dispute's timeline. Line items, addresses
 * and plan terms are each shown whole or, absent or unreadable, not at all.
 */
const TransactionReader = v.object({
  ...TransactionListItemReader.entries,
  timeline: lenientArray(TimelineEventReader, 'data.timeline'),
  dispute: v.optional(v.nullable(DisputeReader), null),
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
    {
      pagination: PaginationSchema,
      summary: lenientArray(StatusSummaryReader, 'data.summary'),
      /** Absent from a platform that does not count them: no count is shown. */
      needsAction: optionalPart(NeedsActionSummarySchema),
    },
    TransactionListItemReader,
  ),
})
export type TransactionPage = v.InferOutput<typeof TransactionPageReader>['data']

export const TransactionResponseReader = dataOf(TransactionReader)

/** The answer to an evidence upload: the file as the platform kept it. */
export const EvidenceResponseReader = dataOf(EvidenceFileReader)
