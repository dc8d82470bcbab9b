import type { CartTotals } from '../../contract/carts'

/** What the platform prices a cart from; the cart records and the create/update bodies both fit. */
export interface Priced {
  items: readonly { quantity: number; unitPrice: number }[]
  discounts: readonly { amount: number }[]
  shipping: number
  tax: number
}

/**
 * The platform's own arithmetic for a cart, in integer cents. Discounts come off the goods only and
 * never take them below zero; shipping and tax are then added. The portal shows its own figures while
 * the merchant types, so a difference between the two fails the cart tests.
 */
export function priceCart(cart: Priced): CartTotals {
  let subtotal = 0
  for (const line of cart.items) subtotal += line.unitPrice * line.quantity
  let discount = 0
  for (const entry of cart.discounts) discount += entry.amount
  const goods = discount >= subtotal ? 0 : subtotal - discount
  return {
    subtotal,
    discount,
    shipping: cart.shipping,
    tax: cart.tax,
    total: goods + cart.shipping + cart.tax,
  }
}
