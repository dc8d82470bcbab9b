import * as v from 'valibot'
import {
  CART_EVENT_TYPES,
  CART_STATUSES,
  CartEventSchema,
  CartListItemSchema,
  CartSchema,
  NOTIFY_CHANNELS,
} from '../../../contract/carts'
import { dataOf } from '../../../contract/common'
import { lenientArray, openPicklist, pageReader } from './common'
import { secureWebAddress } from './web-address'

const CartEventReader = v.object({
  ...CartEventSchema.entries,
  type: openPicklist(CART_EVENT_TYPES),
  channels: v.optional(v.array(openPicklist(NOTIFY_CHANNELS))),
})

const CartListItemReader = v.object({
  ...CartListItemSchema.entries,
  status: openPicklist(CART_STATUSES),
})
export type CartListItem = v.InferOutput<typeof CartListItemReader>

/** The checkout link is shown as a link, so only an https address is taken (see web-address.ts). */
export const CartReader = v.object({
  ...CartSchema.entries,
  ...CartListItemReader.entries,
  checkoutUrl: secureWebAddress,
  history: lenientArray(CartEventReader, 'data.history'),
})
export type Cart = v.InferOutput<typeof CartReader>

export const CartResponseReader = dataOf(CartReader)
export const CartPageReader = pageReader(CartListItemReader)
export type CartPage = v.InferOutput<typeof CartPageReader>['data']
