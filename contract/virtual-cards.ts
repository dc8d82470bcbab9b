import * as v from 'valibot'
import { dataOf, isoDate, opaqueId, paged } from './common'

/**
 * A virtual card is a single-use card number the platform issues for one in-store purchase: the
 * merchant keys it into the card terminal, and the charge is paid by the customer's plan under the
 * chosen INSTORE program (checkout mode VirtualCard). It can be charged once, for up to its amount,
 * until `validUntil`; after that it is USED or EXPIRED.
 */
export const VIRTUAL_CARD_STATUSES = ['ACTIVE', 'USED', 'EXPIRED'] as const
export const VirtualCardStatusSchema = v.picklist(VIRTUAL_CARD_STATUSES)
export type VirtualCardStatus = v.InferOutput<typeof VirtualCardStatusSchema>

/** Amounts a card can be issued for, in cents: $1.00 to $10,000.00. */
export const VIRTUAL_CARD_LIMITS = { minCents: 100, maxCents: 1_000_000 } as const
/** How long an issued card can be charged. */
export const VIRTUAL_CARD_VALID_HOURS = 24
/** The largest page of issued cards the platform answers. */
export const VIRTUAL_CARD_PAGE_LIMIT = 50

/** Error codes of the virtual card calls, besides the general ones. */
export const VIRTUAL_CARD_ERROR_CODES = {
  noProgram: 'no_virtual_card_program',
  programNotAllowed: 'program_not_allowed',
  idempotencyKeyRequired: 'idempotency_key_required',
  idempotencyKeyReused: 'idempotency_key_reused',
} as const

/** The check digit that makes `digits` followed by it pass the Luhn test. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits.charAt(digits.length - 1 - i))
    if (i % 2 === 0) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return (10 - (sum % 10)) % 10
}

/** True for a string of digits whose last one is its Luhn check digit (every real card number). */
export function isLuhnValid(number: string): boolean {
  return /^\d{2,19}$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === Number(number.slice(-1))
}

const cents = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(VIRTUAL_CARD_LIMITS.minCents),
  v.maxValue(VIRTUAL_CARD_LIMITS.maxCents),
)

/** An issued card as every list shows it: never the full number or the CVV. */
export const VirtualCardSchema = v.object({
  id: opaqueId,
  merchantID: opaqueId,
  programID: opaqueId,
  /** The most the card can be charged, in cents of `currency`. */
  amount: cents,
  currency: v.literal('USD'),
  singleUse: v.literal(true),
  status: VirtualCardStatusSchema,
  last4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  expiryMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expiryYear: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2099)),
  createdAt: isoDate,
  validUntil: isoDate,
  usedAt: v.nullable(isoDate),
  /** The staff member's email. */
  issuedBy: v.string(),
})
export type VirtualCard = v.InferOutput<typeof VirtualCardSchema>

/** What only the answer to an issuance adds to a card: the full number and the CVV are never sent again. */
export const cardSecretEntries = {
  number: v.pipe(
    v.string(),
    v.regex(/^\d{16}$/),
    v.check(isLuhnValid, 'Expected a card number that passes the Luhn check'),
  ),
  cvv: v.pipe(v.string(), v.regex(/^\d{3}$/)),
}
export function lastFourEndsNumber<TCard extends { number: string; last4: string }>() {
  return v.check<TCard, string>(
    (card) => card.number.endsWith(card.last4),
    'Expected last4 to end the card number',
  )
}

/** The answer to an issuance, and only to it. */
export const IssuedVirtualCardSchema = v.pipe(
  v.object({ ...VirtualCardSchema.entries, ...cardSecretEntries }),
  lastFourEndsNumber(),
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
