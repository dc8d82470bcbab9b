import {
  CART_VALID_DAYS,
  type CartStatus,
  type Customer,
  type Discount,
  type LineItem,
  type NotifyChannel,
} from '../../contract/carts'
import { address, personName, phoneNumber } from '../data/contacts'
import { MERCHANT_IDS } from '../data/ids'
import type { Random } from '../data/random'
import { priceCart } from './cart-totals'
import {
  ACTORS,
  type CartRecord,
  type EventRecord,
  type MerchantCarts,
  TOKEN_ALPHABET,
} from './carts-records'
import type { MerchantRecord } from './merchants'
import type { ProgramRecord } from './programs'

/*
 * Carts of every merchant with an ecommerce program, generated from the seed the first time a merchant's
 * carts are asked for: Acme Outdoor has 180 over the last 60 days, the others 20 to 60. Times count back
 * from the transactions' anchor (the sandbox's start, or SANDBOX_NOW), so the newest carts are hours old.
 */

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

export interface Product {
  name: string
  sku: string
  price: number
}

const OUTDOOR: readonly Product[] = [
  { name: 'Ridgeline 3-Person Tent', sku: 'TNT-RDG-3P', price: 429_00 },
  { name: 'Alpine Down Sleeping Bag, 15°F', sku: 'SLP-ALP-15', price: 289_95 },
  { name: 'Trail Runner Backpack 38 L', sku: 'BPK-TRL-38', price: 179_00 },
  { name: 'Carbon Trekking Poles (pair)', sku: 'POL-CRB-PR', price: 149_99 },
  { name: 'Touring Kayak 14 ft', sku: 'KYK-TRG-14', price: 1_249_00 },
  { name: 'Paddle, Fiberglass 230 cm', sku: 'PDL-FBG-230', price: 189_00 },
  { name: 'Insulated Parka', sku: 'JKT-INS-PRK', price: 349_00 },
  { name: 'Waterproof Hiking Boots', sku: 'BTS-WP-HK', price: 219_95 },
  { name: 'Camp Stove, Two Burner', sku: 'STV-2BR', price: 139_00 },
  { name: 'Trail Mountain Bike 29"', sku: 'BIK-MTN-29', price: 2_399_00 },
  { name: 'Bike Helmet, MIPS', sku: 'HLM-MIPS', price: 129_00 },
  { name: 'Climbing Harness', sku: 'CLB-HRN', price: 74_95 },
  { name: 'Dynamic Rope 60 m', sku: 'CLB-RP-60', price: 239_00 },
  { name: 'Backcountry Skis 177 cm', sku: 'SKI-BC-177', price: 849_00 },
  { name: 'Avalanche Beacon', sku: 'AVL-BCN', price: 399_95 },
  { name: 'Water Filter', sku: 'H2O-FLT', price: 44_95 },
]
const HOME: readonly Product[] = [
  { name: 'Sectional Sofa, Linen', sku: 'SOF-SEC-LN', price: 2_199_00 },
  { name: 'Queen Mattress, Hybrid', sku: 'MAT-QN-HYB', price: 1_149_00 },
  { name: 'Dining Table, Oak', sku: 'TBL-DIN-OAK', price: 899_00 },
  { name: 'Dining Chair', sku: 'CHR-DIN', price: 149_00 },
  { name: 'Area Rug 8×10', sku: 'RUG-810', price: 459_00 },
  { name: 'Floor Lamp', sku: 'LMP-FLR', price: 129_95 },
  { name: 'Washer, Front Load', sku: 'APL-WSH-FL', price: 1_049_00 },
  { name: 'Dryer, Electric', sku: 'APL-DRY-EL', price: 949_00 },
  { name: 'Bookshelf, Walnut', sku: 'SHF-WAL', price: 329_00 },
]
const DISCOUNT_NAMES = ['Spring sale', 'Loyalty discount', 'Bundle savings', 'Price match', 'Staff courtesy']

export function catalogFor(merchant: MerchantRecord): readonly Product[] {
  return merchant.id === MERCHANT_IDS.acme || /outdoor|cycles|optics|tires/i.test(merchant.name)
    ? OUTDOOR
    : HOME
}

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .map((word) => word.charAt(0).toUpperCase())
      .join('')
      .slice(0, 3) || 'M'
  )
}

function checkoutToken(random: Random): string {
  let token = ''
  for (let i = 0; i < 20; i++)
    token += TOKEN_ALPHABET.charAt(Math.floor(random.next() * TOKEN_ALPHABET.length))
  return token
}

function customerOf(random: Random): Customer {
  const { first, last, name } = personName(random)
  const email = `${first}.${last}${random.int(1, 99)}@${random.pick(['example.com', 'mail.test', 'inbox.test'])}`
  return {
    name,
    email: email.toLowerCase(),
    ...(random.chance(0.75) ? { phone: phoneNumber(random) } : {}),
  }
}

function generateCart(
  random: Random,
  merchant: MerchantRecord,
  programs: readonly ProgramRecord[],
  createdAt: number,
  reference: string,
  now: number,
  staff: string,
): CartRecord {
  const catalog = catalogFor(merchant)
  const count = random.int(1, 4)
  const items: LineItem[] = []
  const used = new Set<string>()
  while (items.length < count) {
    const product = random.pick(catalog)
    if (used.has(product.sku)) continue
    used.add(product.sku)
    items.push({
      name: product.name,
      sku: product.sku,
      quantity: product.price > 500_00 ? 1 : random.int(1, 3),
      unitPrice: product.price,
    })
  }
  const subtotal = priceCart({ items, discounts: [], shipping: 0, tax: 0 }).subtotal
  const discounts: Discount[] = random.chance(0.3)
    ? [
        {
          description: random.pick(DISCOUNT_NAMES),
          amount: Math.round(subtotal * random.pick([0.05, 0.1, 0.15])),
        },
      ]
    : []
  const shipping = subtotal > 1_000_00 ? 0 : random.pick([0, 9_95, 14_95, 24_95])
  const tax = Math.round(
    (subtotal - (discounts[0]?.amount ?? 0)) * random.pick([0.0475, 0.0625, 0.0725, 0.081]),
  )
  const billingAddress = address(random)
  const shippingAddress = random.chance(0.8) ? billingAddress : address(random)
  const customer = customerOf(random)
  const program = random.pick(programs)
  const expiresAt = createdAt + CART_VALID_DAYS * DAY

  const history: EventRecord[] = [{ at: createdAt, type: 'CREATED', actor: staff }]
  let status: CartStatus = 'OPEN'
  const roll = random.next()
  const sentAt = createdAt + random.int(2, 90) * 60_000
  const channels: NotifyChannel[] = customer.phone && random.chance(0.4) ? ['EMAIL', 'SMS'] : ['EMAIL']
  if (roll > 0.12 && sentAt < now) {
    status = 'SENT'
    history.push({ at: sentAt, type: 'SENT', actor: staff, channels })
    const openedAt = sentAt + random.int(5, 72 * 60) * 60_000
    if (roll > 0.35 && openedAt < now && openedAt < expiresAt) {
      status = 'OPENED'
      history.push({ at: openedAt, type: 'OPENED', actor: ACTORS.customer })
      const completedAt = openedAt + random.int(3, 6 * 24 * 60) * 60_000
      if (roll > 0.55 && completedAt < now && completedAt < expiresAt) {
        status = 'COMPLETED'
        history.push({ at: completedAt, type: 'COMPLETED', actor: ACTORS.customer })
      }
    }
  }
  if (status !== 'COMPLETED' && random.chance(0.06)) {
    const expiredAt = createdAt + random.int(1, 10 * 24) * HOUR
    if (expiredAt < now && expiredAt > (history.at(-1)?.at ?? createdAt)) {
      status = 'EXPIRED'
      history.push({ at: expiredAt, type: 'EXPIRED', actor: staff })
    }
  }
  if (status !== 'COMPLETED' && status !== 'EXPIRED' && expiresAt <= now) {
    status = 'EXPIRED'
    history.push({ at: expiresAt, type: 'EXPIRED', actor: ACTORS.platform })
  }

  return {
    id: random.uuid(),
    merchantID: merchant.id,
    reference,
    token: checkoutToken(random),
    programID: program.id,
    status,
    customer,
    billingAddress,
    shippingAddress,
    items,
    discounts,
    shipping,
    tax,
    createdAt,
    updatedAt: history.at(-1)?.at ?? createdAt,
    expiresAt,
    history,
  }
}

export function generateMerchantCarts(
  random: Random,
  merchant: MerchantRecord,
  programs: readonly ProgramRecord[],
  count: number,
  now: number,
): MerchantCarts {
  const prefix = `${initials(merchant.name)}-C`
  const staff = `owner@${merchant.name.split(' ')[0]?.toLowerCase() ?? 'merchant'}.test`
  const offsets = Array.from({ length: count }, () => Math.floor(random.next() * 60 * DAY)).sort(
    (a, b) => b - a,
  )
  const first = 10_000
  // Oldest first, so references grow with time; listed newest first.
  const records = offsets.map((offset, index) =>
    generateCart(random, merchant, programs, now - offset, `${prefix}-${first + index}`, now, staff),
  )
  records.reverse()
  return { records, nextNumber: first + count, prefix }
}
