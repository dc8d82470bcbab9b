import type * as v from 'valibot'
import {
  ACTIVE_CART_STATUSES,
  type Address,
  type CartEventType,
  type CartSchema,
  type CartStatus,
  type Customer,
  type Discount,
  type LineItem,
  type NotifyChannel,
} from '../../contract/carts'
import { priceCart } from './cart-totals'

/* A cart as the platform keeps it, and as the API answers it. */

type CartWire = v.InferInput<typeof CartSchema>

export interface EventRecord {
  at: number
  type: CartEventType
  actor: string
  channels?: NotifyChannel[]
}

export interface CartRecord {
  id: string
  merchantID: string
  reference: string
  /** The secret part of the checkout link. */
  token: string
  programID: string
  status: CartStatus
  customer: Customer
  billingAddress: Address
  shippingAddress: Address
  items: LineItem[]
  discounts: Discount[]
  shipping: number
  tax: number
  createdAt: number
  updatedAt: number
  expiresAt: number
  /** Oldest first. */
  history: EventRecord[]
}

export interface MerchantCarts {
  /** Newest first. */
  records: CartRecord[]
  nextNumber: number
  prefix: string
}

export interface CartsData {
  readonly now: number
  /** A merchant's carts, generated on first use; undefined for an unknown merchant. */
  carts(merchantID: string): MerchantCarts | undefined
}

export const CHECKOUT_ORIGIN = 'https://checkout.tandem.test'
export const TOKEN_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

export const ACTORS = { customer: 'customer', platform: 'platform' } as const

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20))
  return Array.from(bytes, (byte) => TOKEN_ALPHABET.charAt(byte % TOKEN_ALPHABET.length)).join('')
}

export function expireIfDue(record: CartRecord, now: number): void {
  if (!ACTIVE_CART_STATUSES.includes(record.status) || record.expiresAt > now) return
  record.status = 'EXPIRED'
  record.history.push({ at: record.expiresAt, type: 'EXPIRED', actor: ACTORS.platform })
  record.updatedAt = record.expiresAt
}

const iso = (time: number) => new Date(time).toISOString()

export function cartWire(record: CartRecord): CartWire {
  return {
    id: record.id,
    merchantID: record.merchantID,
    reference: record.reference,
    programID: record.programID,
    status: record.status,
    customer: record.customer,
    total: priceCart(record).total,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
    expiresAt: iso(record.expiresAt),
    billingAddress: record.billingAddress,
    shippingAddress: record.shippingAddress,
    items: record.items,
    discounts: record.discounts,
    totals: priceCart(record),
    checkoutUrl: `${CHECKOUT_ORIGIN}/c/${record.token}`,
    history: record.history.map((event) => ({ ...event, at: iso(event.at) })),
  }
}

export function listItemWire(record: CartRecord) {
  const {
    billingAddress: _b,
    shippingAddress: _s,
    items: _i,
    discounts: _d,
    totals: _t,
    checkoutUrl: _c,
    history: _h,
    ...item
  } = cartWire(record)
  return item
}

function digits(value: string): string {
  return value.replace(/\D/g, '')
}

/** The list's search: a name, email or reference containing the term, or four or more of a phone's digits. */
export function matches(record: CartRecord, term: string): boolean {
  const lower = term.toLowerCase()
  const { customer } = record
  if (customer.name.toLowerCase().includes(lower) || customer.email.toLowerCase().includes(lower)) return true
  if (record.reference.toLowerCase().includes(lower)) return true
  const numbers = digits(term)
  return numbers.length >= 4 && customer.phone !== undefined && digits(customer.phone).includes(numbers)
}
