import type { CartTotals } from '../../../contract/carts'

export interface TotalsInput {
  items: readonly { quantity: number; unitPrice: number }[]
  discounts: readonly { amount: number }[]
  shipping: number
  tax: number
}

/**
 * A cart's totals in integer cents, as the form shows them while the merchant types. The platform
 * computes its own (the sandbox with code of its own); the cart tests check that the two agree.
 */
export function cartTotals({ items, discounts, shipping, tax }: TotalsInput): CartTotals {
  const subtotal = items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0)
  const discount = discounts.reduce((sum, entry) => sum + entry.amount, 0)
  return {
    subtotal,
    discount,
    shipping,
    tax,
    total: Math.max(0, subtotal - discount) + shipping + tax,
  }
}
