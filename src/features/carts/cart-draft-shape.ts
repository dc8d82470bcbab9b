import * as v from 'valibot'
import { LIMITS } from '../../../contract/carts'
import { typedText as typed } from '../../drafts/typed-text'
import { type CartDraft, emptyDiscount, emptyItem } from './cart-form'

/*
 * The shape of a cart form's values as typed, for a draft kept across a sign-in (src/drafts): any text
 * within reason, since a half-typed cart is rarely valid yet. Rows get fresh keys, so that they cannot
 * collide with rows this page load numbered already.
 */

const address = v.strictObject({ line1: typed, line2: typed, city: typed, region: typed, postalCode: typed })

const item = v.pipe(
  v.strictObject({ key: v.string(), name: typed, sku: typed, quantity: typed, unitPrice: typed }),
  v.transform((row) => ({ ...row, key: emptyItem().key })),
)

const discount = v.pipe(
  v.strictObject({ key: v.string(), description: typed, amount: typed }),
  v.transform((row) => ({ ...row, key: emptyDiscount().key })),
)

export const cartDraftShape: v.GenericSchema<unknown, CartDraft> = v.strictObject({
  programID: typed,
  customer: v.strictObject({ name: typed, email: typed, phone: typed }),
  billing: address,
  shippingSameAsBilling: v.boolean(),
  shipping: address,
  items: v.pipe(v.array(item), v.maxLength(LIMITS.items)),
  discounts: v.pipe(v.array(discount), v.maxLength(LIMITS.discounts)),
  shippingCost: typed,
  tax: typed,
})
