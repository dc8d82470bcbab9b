import type { Address } from '../../../contract/carts'
import type { Cart } from '../../api/schemas/carts'
import { parseAmount, plainAmount } from '../../shared/money'
import { displayPhone } from '../../shared/phone'
import { cartTotals } from './totals'

/*
 * The cart form holds what the user typed, as typed (strings), so nothing is lost or reformatted while
 * they work: the draft, how it starts (empty or from a saved cart) and its running totals. The schema
 * reading it into what is sent is in cart-draft-schema.ts.
 */

export interface AddressDraft {
  line1: string
  line2: string
  city: string
  region: string
  postalCode: string
}

export interface ItemDraft {
  /** Stable across removals, for React keys. */
  key: string
  name: string
  sku: string
  quantity: string
  unitPrice: string
}

export interface DiscountDraft {
  key: string
  description: string
  amount: string
}

export interface CartDraft {
  programID: string
  customer: { name: string; email: string; phone: string }
  billing: AddressDraft
  shippingSameAsBilling: boolean
  shipping: AddressDraft
  items: ItemDraft[]
  discounts: DiscountDraft[]
  shippingCost: string
  tax: string
}

let nextKey = 0
function draftKey(): string {
  nextKey += 1
  return `row-${nextKey}`
}

const emptyAddress = (): AddressDraft => ({ line1: '', line2: '', city: '', region: '', postalCode: '' })

export function emptyItem(): ItemDraft {
  return { key: draftKey(), name: '', sku: '', quantity: '1', unitPrice: '' }
}

export function emptyDiscount(): DiscountDraft {
  return { key: draftKey(), description: '', amount: '' }
}

export function emptyCartDraft(programIds: readonly string[]): CartDraft {
  return {
    programID: programIds.length === 1 ? (programIds[0] ?? '') : '',
    customer: { name: '', email: '', phone: '' },
    billing: emptyAddress(),
    shippingSameAsBilling: true,
    shipping: emptyAddress(),
    items: [emptyItem()],
    discounts: [],
    shippingCost: '',
    tax: '',
  }
}

function addressDraft(address: Address): AddressDraft {
  return {
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    region: address.region,
    postalCode: address.postalCode,
  }
}

const sameAddress = (a: Address, b: Address) =>
  a.line1 === b.line1 &&
  (a.line2 ?? '') === (b.line2 ?? '') &&
  a.city === b.city &&
  a.region === b.region &&
  a.postalCode === b.postalCode

/** A saved cart as a draft, for editing. */
export function cartToDraft(cart: Cart): CartDraft {
  const same = sameAddress(cart.billingAddress, cart.shippingAddress)
  return {
    programID: cart.programID,
    customer: {
      name: cart.customer.name,
      email: cart.customer.email,
      phone: cart.customer.phone ? displayPhone(cart.customer.phone) : '',
    },
    billing: addressDraft(cart.billingAddress),
    shippingSameAsBilling: same,
    shipping: same ? emptyAddress() : addressDraft(cart.shippingAddress),
    items: cart.items.map((item) => ({
      key: draftKey(),
      name: item.name,
      sku: item.sku ?? '',
      quantity: String(item.quantity),
      unitPrice: plainAmount(item.unitPrice),
    })),
    discounts: cart.discounts.map((discount) => ({
      key: draftKey(),
      description: discount.description,
      amount: plainAmount(discount.amount),
    })),
    shippingCost: cart.totals.shipping > 0 ? plainAmount(cart.totals.shipping) : '',
    tax: cart.totals.tax > 0 ? plainAmount(cart.totals.tax) : '',
  }
}

/** Totals of what the draft holds so far; fields that are not amounts yet count as zero. */
export function draftTotals(draft: CartDraft) {
  const cents = (text: string) => parseAmount(text) ?? 0
  const count = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : 0)
  return cartTotals({
    items: draft.items.map((item) => ({ quantity: count(item.quantity), unitPrice: cents(item.unitPrice) })),
    discounts: draft.discounts.map((discount) => ({ amount: cents(discount.amount) })),
    shipping: cents(draft.shippingCost),
    tax: cents(draft.tax),
  })
}

export function lineTotal(item: ItemDraft): number {
  const price = parseAmount(item.unitPrice) ?? 0
  const count = /^\d+$/.test(item.quantity.trim()) ? Number(item.quantity.trim()) : 0
  return price * count
}
