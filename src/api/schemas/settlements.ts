import * as v from 'valibot'
import {
  SETTLEMENT_ENTRY_TYPES,
  SETTLEMENT_STATUSES,
  SettlementAmountsSchema,
} from '../../../contract/settlements'
import { currencyCode, isoDate, opaqueId, openPicklist, PaginationSchema, withItems } from './common'
import { ChannelSchema } from './programs'
import { SETTLEMENT_ID_PATTERN } from './settlement-id'
import { TRANSACTION_ID_PATTERN } from './transactions'

export * from '../../../contract/settlements'

const cents = v.pipe(v.number(), v.integer(), v.minValue(0))
const signedCents = v.pipe(v.number(), v.integer())
const count = v.pipe(v.number(), v.integer(), v.minValue(0))

/**
 * Settlements: one batch per calendar day in the merchant's time zone (23 or 25 hours long around
 * daylight-saving changes) holding the money the platform settled and refunded that day, paid out on
 * the next business day. Fees are the merchant discount rate on settled amounts; refunds return no
 * fee. net = settled - refunded - fees, so a day with many refunds can have a negative net.
 *
 * Calendar dates travel as `yyyy-MM-dd` and parse into Dates at midnight UTC (CONTRACT section 3);
 * `periodStart`/`periodEnd` are the batch's real instants.
 */

export const SettlementStatusSchema = openPicklist(SETTLEMENT_STATUSES)
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number]

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
  currency: currencyCode,
  /** Settlement and refund entries in the batch. */
  entryCount: count,
  amounts: SettlementAmountsSchema,
})
export type Settlement = v.InferOutput<typeof SettlementSchema>

export const SettlementReportSchema = v.object({
  data: withItems(
    {
      from: isoDate,
      to: isoDate,
      timeZone: v.string(),
      totals: v.object({
        settlements: count,
        entries: count,
        amounts: SettlementAmountsSchema,
      }),
    },
    /** Newest first; days without money moving have no settlement. */
    SettlementSchema,
  ),
})
export type SettlementReport = v.InferOutput<typeof SettlementReportSchema>['data']

export const SettlementEntryTypeSchema = openPicklist(SETTLEMENT_ENTRY_TYPES)
export type SettlementEntryType = (typeof SETTLEMENT_ENTRY_TYPES)[number]

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
  /** Items oldest first, as the money moved. */
  data: withItems({ settlement: SettlementSchema, pagination: PaginationSchema }, SettlementEntrySchema),
})
export type SettlementEntryPage = v.InferOutput<typeof SettlementEntryPageSchema>['data']
