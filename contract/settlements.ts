import * as v from 'valibot'
import { isoDate, opaqueId, PaginationSchema } from './common'
import { ChannelSchema } from './programs'
import { SETTLEMENT_ID_PATTERN } from './settlement-id'
import { TRANSACTION_ID_PATTERN } from './transactions'

/**
 * Settlements: one batch per calendar day in the merchant's time zone (23 or 25 hours long around
 * daylight-saving changes) holding the money the platform settled and refunded that day, paid out on
 * the next business day. Fees are the merchant discount rate on settled amounts; refunds return no
 * fee. net = settled - refunded - fees, so a day with many refunds can have a negative net.
 *
 * Calendar dates travel as `yyyy-MM-dd` and parse into Dates at midnight UTC (CONTRACT section 3);
 * `periodStart`/`periodEnd` are the batch's real instants.
 */

/** The longest range, in calendar days with both ends included, one settlement query may cover. */
export const SETTLEMENT_MAX_DAYS = 100

/** The platform's error code for a longer range; its `details` carry `{ maxDays, days }`. */
export const SETTLEMENT_RANGE_TOO_LONG = 'range_too_long'

/** OPEN: today's batch, still collecting; IN_TRANSIT: closed, payout not yet arrived; PAID. */
export const SETTLEMENT_STATUSES = ['OPEN', 'IN_TRANSIT', 'PAID'] as const
export const SettlementStatusSchema = v.picklist(SETTLEMENT_STATUSES)
export type SettlementStatus = v.InferOutput<typeof SettlementStatusSchema>

const cents = v.pipe(v.number(), v.integer(), v.minValue(0))
const signedCents = v.pipe(v.number(), v.integer())
const count = v.pipe(v.number(), v.integer(), v.minValue(0))

export const SettlementAmountsSchema = v.object({
  settled: cents,
  refunded: cents,
  fees: cents,
  /** settled - refunded - fees; negative when refunds outweigh the day's sales. */
  net: signedCents,
})
export type SettlementAmounts = v.InferOutput<typeof SettlementAmountsSchema>

export const SettlementSchema = v.object({
  id: v.pipe(v.string(), v.regex(SETTLEMENT_ID_PATTERN)),
  merchantID: opaqueId,
  /** The batch's calendar date in the merchant's time zone. */
  date: isoDate,
  /** First instant of that date in the merchant's time zone. */
  periodStart: isoDate,
  /** First instant of the next date (exclusive). */
  periodEnd: isoDate,
  status: SettlementStatusSchema,
  /** The business day the payout arrives (expected, until PAID). */
  payoutDate: isoDate,
  currency: v.literal('USD'),
  /** Settlement and refund entries in the batch. */
  entryCount: count,
  amounts: SettlementAmountsSchema,
})
export type Settlement = v.InferOutput<typeof SettlementSchema>

export const SettlementReportSchema = v.object({
  data: v.object({
    from: isoDate,
    to: isoDate,
    timeZone: v.string(),
    /** Newest first; days without money moving have no settlement. */
    items: v.array(SettlementSchema),
    totals: v.object({
      settlements: count,
      entries: count,
      amounts: SettlementAmountsSchema,
    }),
  }),
})
export type SettlementReport = v.InferOutput<typeof SettlementReportSchema>['data']

export const SETTLEMENT_ENTRY_TYPES = ['SETTLED', 'REFUNDED'] as const
export const SettlementEntryTypeSchema = v.picklist(SETTLEMENT_ENTRY_TYPES)
export type SettlementEntryType = v.InferOutput<typeof SettlementEntryTypeSchema>

/** One movement of money in a batch: a transaction settled, or part of it refunded. */
export const SettlementEntrySchema = v.object({
  transactionId: v.pipe(v.string(), v.regex(TRANSACTION_ID_PATTERN)),
  orderId: v.string(),
  customerName: v.string(),
  programID: opaqueId,
  channel: ChannelSchema,
  type: SettlementEntryTypeSchema,
  at: isoDate,
  amount: cents,
  /** The merchant discount rate applied, in basis points (0 for refunds). */
  feeBps: count,
  fee: cents,
  /** What the entry adds to the payout: amount - fee for a settlement, -amount for a refund. */
  net: signedCents,
})
export type SettlementEntry = v.InferOutput<typeof SettlementEntrySchema>

export const SettlementEntryPageSchema = v.object({
  data: v.object({
    settlement: SettlementSchema,
    /** Oldest first, as the money moved. */
    items: v.array(SettlementEntrySchema),
    pagination: PaginationSchema,
  }),
})
export type SettlementEntryPage = v.InferOutput<typeof SettlementEntryPageSchema>['data']

/** The largest page of entries the platform answers. */
export const SETTLEMENT_ENTRY_PAGE_LIMIT = 500
