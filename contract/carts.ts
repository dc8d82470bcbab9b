import * as v from 'valibot'
import { dataOf, isoDate, opaqueId, paged } from './common'
import { CART_STATUSES } from './values'

export { CART_STATUSES }
export const CartStatusSchema = v.picklist(CART_STATUSES)
export type CartStatus = v.InferOutput<typeof CartStatusSchema>

/** Statuses in which a cart can still be edited, notified or expired. */
export const ACTIVE_CART_STATUSES: readonly CartStatus[] = ['OPEN', 'SENT', 'OPENED']

export const CART_EVENT_TYPES = ['CREATED', 'UPDATED', 'SENT', 'OPENED', 'COMPLETED', 'EXPIRED'] as const
export const CartEventTypeSchema = v.picklist(CART_EVENT_TYPES)
export type CartEventType = v.InferOutput<typeof CartEventTypeSchema>

export const NOTIFY_CHANNELS = ['EMAIL', 'SMS'] as const
export const NotifyChannelSchema = v.picklist(NOTIFY_CHANNELS)
export type NotifyChannel = v.InferOutput<typeof NotifyChannelSchema>

/** Days a cart link stays valid after it is created. */
export const CART_VALID_DAYS = 30
/** The largest page the platform answers. */
export const CART_PAGE_LIMIT = 100

export const LIMITS = {
  items: 50,
  discounts: 10,
  quantity: 999,
  /** Per line and for shipping, tax and each discount: $1,000,000.00. */
  cents: 100_000_000,
  text: 120,
  sku: 64,
} as const

/** Money travels as integer cents of the merchant's currency. */
const cents = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LIMITS.cents * LIMITS.quantity))
const text = /* @__NO_SIDE_EFFECTS__ */ (max: number) =>
  v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max))

export const US_STATES = [
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC',
  'ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY',
]
  .join(' ')
  .split(' ')
export const PHONE_PATTERN = /^\+1\d{10}$/
export const POSTAL_CODE_PATTERN = /^\d{5}(?:-\d{4})?$/

export const AddressSchema = v.object({
  line1: text(LIMITS.text),
  line2: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(LIMITS.text))),
  city: text(LIMITS.text),
  /** Two-letter US state or territory code. */
  region: v.picklist(US_STATES),
  postalCode: v.pipe(v.string(), v.regex(POSTAL_CODE_PATTERN)),
})
export type Address = v.InferOutput<typeof AddressSchema>

export const CustomerSchema = v.object({
  name: text(LIMITS.text),
  email: v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254)),
  /** E.164, US numbers only (`+15551234567`); absent when the customer gave none. */
  phone: v.optional(v.pipe(v.string(), v.regex(PHONE_PATTERN))),
})
export type Customer = v.InferOutput<typeof CustomerSchema>

export const LineItemSchema = v.object({
  name: text(LIMITS.text),
  sku: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(LIMITS.sku))),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LIMITS.quantity)),
  unitPrice: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LIMITS.cents)),
})
export type LineItem = v.InferOutput<typeof LineItemSchema>

export const DiscountSchema = v.object({
  description: text(LIMITS.text),
  amount: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LIMITS.cents)),
})
export type Discount = v.InferOutput<typeof DiscountSchema>

export const CartTotalsSchema = v.object({
  subtotal: cents,
  discount: cents,
  shipping: cents,
  tax: cents,
  total: cents,
})
export type CartTotals = v.InferOutput<typeof CartTotalsSchema>

export const CartEventSchema = v.object({
  at: isoDate,
  type: CartEventTypeSchema,
  /** The staff member's email, `customer` or `platform`. */
  actor: v.string(),
  /** For SENT: where the link went. */
  channels: v.optional(v.array(NotifyChannelSchema)),
})
export type CartEvent = v.InferOutput<typeof CartEventSchema>

export const CartListItemSchema = v.object({
  id: opaqueId,
  merchantID: opaqueId,
  /** What merchant and customer call the cart, e.g. `AO-C-10234`. */
  reference: v.string(),
  programID: opaqueId,
  status: CartStatusSchema,
  customer: CustomerSchema,
  total: cents,
  createdAt: isoDate,
  updatedAt: isoDate,
  expiresAt: isoDate,
})
export type CartListItem = v.InferOutput<typeof CartListItemSchema>

export const CartSchema = v.object({
  ...CartListItemSchema.entries,
  billingAddress: AddressSchema,
  shippingAddress: AddressSchema,
  items: v.array(LineItemSchema),
  discounts: v.array(DiscountSchema),
  totals: CartTotalsSchema,
  /** The link the customer finishes checkout with. */
  checkoutUrl: v.pipe(v.string(), v.url()),
  history: v.array(CartEventSchema),
})
export type Cart = v.InferOutput<typeof CartSchema>

export const CartResponseSchema = dataOf(CartSchema)
export const CartPageSchema = paged(CartListItemSchema)
export type CartPage = v.InferOutput<typeof CartPageSchema>['data']

/** POST /api/carts (w:cart) and PATCH /api/carts/{id} (u:cart): the platform computes the totals. */
export const CartInputSchema = v.object({
  merchantID: opaqueId,
  programID: opaqueId,
  customer: CustomerSchema,
  billingAddress: AddressSchema,
  shippingAddress: AddressSchema,
  items: v.pipe(v.array(LineItemSchema), v.minLength(1), v.maxLength(LIMITS.items)),
  discounts: v.pipe(v.array(DiscountSchema), v.maxLength(LIMITS.discounts)),
  shipping: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LIMITS.cents)),
  tax: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LIMITS.cents)),
})
export type CartInput = v.InferOutput<typeof CartInputSchema>

/** POST /api/carts/{id}/notify (u:cart): sends (or sends again) the link. */
export const CartNotifyRequestSchema = v.object({
  channels: v.pipe(v.array(NotifyChannelSchema), v.minLength(1), v.maxLength(2)),
})
export type CartNotifyRequest = v.InferOutput<typeof CartNotifyRequestSchema>

/** Error codes the cart calls answer with, besides the general ones. */
export const CART_ERROR_CODES = {
  closed: 'cart_closed',
  noEcommerce: 'no_ecommerce_program',
  programNotAllowed: 'program_not_allowed',
  discountTooLarge: 'discount_exceeds_subtotal',
  noPhone: 'no_phone',
} as const
