import * as v from 'valibot'
import {
  AddressSchema,
  CART_EVENT_TYPES,
  CART_STATUSES,
  CartTotalsSchema,
  CustomerSchema,
  DiscountSchema,
  LIMITS,
  LineItemSchema,
  NOTIFY_CHANNELS,
} from '../../../contract/carts'
import { dataOf, isoDate, lenientArray, opaqueId, openPicklist, paged } from './common'
import { secureWebAddress } from './web-address'

export * from '../../../contract/carts'

const cents = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LIMITS.cents * LIMITS.quantity))

export const CartStatusSchema = openPicklist(CART_STATUSES)
export type CartStatus = (typeof CART_STATUSES)[number]

/** Statuses in which a cart can still be edited, notified or expired. */
export const ACTIVE_CART_STATUSES: readonly CartStatus[] = ['OPEN', 'SENT', 'OPENED']

export const CartEventTypeSchema = openPicklist(CART_EVENT_TYPES)
export type CartEventType = (typeof CART_EVENT_TYPES)[number]

export const CartEventSchema = v.object({
  at: isoDate,
  type: CartEventTypeSchema,
  /** The staff member's email, `customer` or `platform`. */
  actor: v.string(),
  /** For SENT: where the link went. */
  channels: v.optional(v.array(openPicklist(NOTIFY_CHANNELS))),
})

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
  checkoutUrl: secureWebAddress,
  history: lenientArray(CartEventSchema, 'data.history'),
})
export type Cart = v.InferOutput<typeof CartSchema>

export const CartResponseSchema = dataOf(CartSchema)
export const CartPageSchema = paged(CartListItemSchema)
export type CartPage = v.InferOutput<typeof CartPageSchema>['data']
