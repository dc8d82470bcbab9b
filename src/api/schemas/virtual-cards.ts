import * as v from 'valibot'
import { isLuhnValid, VIRTUAL_CARD_LIMITS } from '../../../contract/virtual-cards'
import { currencyCode, dataOf, isoDate, nullOrAbsent, opaqueId, openPicklist, paged } from './common'

export * from '../../../contract/virtual-cards'

const cents = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(VIRTUAL_CARD_LIMITS.minCents),
  v.maxValue(VIRTUAL_CARD_LIMITS.maxCents),
)

/**
 * A virtual card is a single-use card number the platform issues for one in-store purchase: the
 * merchant keys it into the card terminal, and the charge is paid by the customer's plan under the
 * chosen INSTORE program (checkout mode VirtualCard). It can be charged once, for up to its amount,
 * until `validUntil`; after that it is USED or EXPIRED.
 */
export const VIRTUAL_CARD_STATUSES = ['ACTIVE', 'USED', 'EXPIRED'] as const
export const VirtualCardStatusSchema = openPicklist(VIRTUAL_CARD_STATUSES)
export type VirtualCardStatus = (typeof VIRTUAL_CARD_STATUSES)[number]

/** An issued card as every list shows it: never the full number or the CVV. */
export const VirtualCardSchema = v.object({
  id: opaqueId,
  merchantID: opaqueId,
  programID: opaqueId,
  /** The most the card can be charged, in cents of `currency`. */
  amount: cents,
  currency: currencyCode,
  singleUse: v.literal(true),
  status: VirtualCardStatusSchema,
  last4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  expiryMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expiryYear: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2099)),
  createdAt: isoDate,
  validUntil: isoDate,
  usedAt: nullOrAbsent(isoDate),
  /** The staff member's email. */
  issuedBy: v.string(),
})
export type VirtualCard = v.InferOutput<typeof VirtualCardSchema>

/** The answer to an issuance, and only to it: the full number and the CVV are never sent again. */
export const IssuedVirtualCardSchema = v.pipe(
  v.object({
    ...VirtualCardSchema.entries,
    number: v.pipe(
      v.string(),
      v.regex(/^\d{16}$/),
      v.check(isLuhnValid, 'Expected a card number that passes the Luhn check'),
    ),
    cvv: v.pipe(v.string(), v.regex(/^\d{3}$/)),
  }),
  v.check((card) => card.number.endsWith(card.last4), 'Expected last4 to end the card number'),
)
export type IssuedVirtualCard = v.InferOutput<typeof IssuedVirtualCardSchema>

export const IssuedVirtualCardResponseSchema = dataOf(IssuedVirtualCardSchema)
export const VirtualCardPageSchema = paged(VirtualCardSchema)
export type VirtualCardPage = v.InferOutput<typeof VirtualCardPageSchema>['data']

/**
 * POST /api/merchant/{merchantID}/virtual-cards (c:vc.issuance, Idempotency-Key header): one card for
 * `amount` cents under one of the merchant's active INSTORE VirtualCard programs.
 */
export const VirtualCardIssueRequestSchema = v.object({
  programID: opaqueId,
  amount: v.pipe(
    v.number('amount must be a number of cents'),
    v.integer('amount must be a whole number of cents'),
    v.minValue(VIRTUAL_CARD_LIMITS.minCents, 'amount must be at least 100 cents ($1.00)'),
    v.maxValue(VIRTUAL_CARD_LIMITS.maxCents, 'amount must be at most 1000000 cents ($10,000.00)'),
  ),
})
export type VirtualCardIssueRequest = v.InferOutput<typeof VirtualCardIssueRequestSchema>
