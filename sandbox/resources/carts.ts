import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import {
  ACTIVE_CART_STATUSES,
  type Address,
  CART_ERROR_CODES,
  CART_PAGE_LIMIT,
  CART_STATUSES,
  CART_VALID_DAYS,
  type CartEventType,
  type CartInput,
  CartInputSchema,
  CartNotifyRequestSchema,
  CartPageSchema,
  CartResponseSchema,
  type CartSchema,
  type CartStatus,
  type Customer,
  type Discount,
  type LineItem,
  type NotifyChannel,
} from '../../contract/carts'
import { ErrorBodySchema } from '../../contract/error'
import type { ApiContext, ApiEnv } from '../api/env'
import { claimsOf, refuseNoMerchant, refuseQueriedMerchant, requireScope } from '../api/guards'
import { readBody, readPage, sendError, sendValidated } from '../api/http'
import { newRecordId } from '../api/newer-platform'
import { address, personName, phoneNumber } from '../data/contacts'
import { MERCHANT_IDS } from '../data/ids'
import { findPersonaById, SCOPES } from '../data/personas'
import type { Random } from '../data/random'
import { priceCart } from './cart-totals'
import type { MerchantRecord } from './merchants'
import { type OutboxData, recordMessage } from './outbox'
import { liveParticipations, type ProgramRecord, type ProgramsData } from './programs'
import { defineResource } from './resource'

/*
 * Carts of every merchant with an ecommerce program, generated from the seed the first time a merchant's
 * carts are asked for: Acme Outdoor has 180 over the last 60 days, the others 20 to 60. Times count back
 * from the transactions' anchor (the sandbox's start, or SANDBOX_NOW), so the newest carts are hours old.
 */

type CartWire = v.InferInput<typeof CartSchema>

interface EventRecord {
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

export const ACME_CART_COUNT = 180
const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000
export const CHECKOUT_ORIGIN = 'https://checkout.tandem.test'
const TOKEN_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

export const ACTORS = { customer: 'customer', platform: 'platform' } as const

interface Product {
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

function catalogFor(merchant: MerchantRecord): readonly Product[] {
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

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20))
  return Array.from(bytes, (byte) => TOKEN_ALPHABET.charAt(byte % TOKEN_ALPHABET.length)).join('')
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

function ecommercePrograms(programs: ProgramsData, merchantID: string): ProgramRecord[] {
  return liveParticipations(programs, merchantID)
    .map((participation) => programs.programs.get(participation.programID))
    .filter((program): program is ProgramRecord => program?.channel === 'ECOMM')
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

function expireIfDue(record: CartRecord, now: number): void {
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

function listItemWire(record: CartRecord) {
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

function refuse(c: ApiContext, status: ContentfulStatusCode, code: string, message: string): Response {
  return sendValidated(c, ErrorBodySchema, { error: { code, message } }, status)
}

function digits(value: string): string {
  return value.replace(/\D/g, '')
}

function matches(record: CartRecord, term: string): boolean {
  const lower = term.toLowerCase()
  const { customer } = record
  if (customer.name.toLowerCase().includes(lower) || customer.email.toLowerCase().includes(lower)) return true
  if (record.reference.toLowerCase().includes(lower)) return true
  const numbers = digits(term)
  return numbers.length >= 4 && customer.phone !== undefined && digits(customer.phone).includes(numbers)
}

function readStatuses(c: ApiContext): CartStatus[] | null | Response {
  const raw = (c.req.queries('status') ?? [])
    .flatMap((value) => value.split(','))
    .filter((value) => value !== '')
  if (raw.length === 0) return null
  const unknown = raw.find((value) => !v.is(v.picklist(CART_STATUSES), value))
  if (unknown !== undefined) return sendError(c, 400, 'bad_request', `Unknown status ${unknown}.`)
  return raw as CartStatus[]
}

export const carts = defineResource({
  key: 'carts',
  generate: ({ random, need }) => {
    const merchants = need('merchants')
    const programsData = need('programs')
    const { now } = need('transactions')
    const byMerchant = new Map<string, MerchantCarts>()
    return {
      now,
      carts(merchantID) {
        const existing = byMerchant.get(merchantID)
        if (existing) return existing
        const merchant = merchants.find((candidate) => candidate.id === merchantID)
        if (!merchant) return undefined
        const programs = ecommercePrograms(programsData, merchantID)
        const stream = random.fork(merchantID)
        const count =
          programs.length === 0 ? 0 : merchantID === MERCHANT_IDS.acme ? ACME_CART_COUNT : stream.int(20, 60)
        const generated = generateMerchantCarts(stream, merchant, programs, count, now)
        byMerchant.set(merchantID, generated)
        return generated
      },
    } satisfies CartsData
  },
  routes: ({ store }) => {
    /** The token's merchant's carts, or the refusal: no merchant chosen, or no ecommerce program. */
    function cartsOf(c: ApiContext): MerchantCarts | Response {
      const refused = refuseNoMerchant(c)
      if (refused) return refused
      const { cid } = claimsOf(c)
      if (ecommercePrograms(store().programs, cid).length === 0) {
        return refuse(c, 403, CART_ERROR_CODES.noEcommerce, 'Carts need an active ecommerce program.')
      }
      return store().carts.carts(cid) ?? sendError(c, 404, 'not_found', 'No such merchant.')
    }

    function findCart(c: ApiContext): { merchant: MerchantCarts; record: CartRecord } | Response {
      const merchant = cartsOf(c)
      if (merchant instanceof Response) return merchant
      const record = merchant.records.find((candidate) => candidate.id === c.req.param('id'))
      if (!record) return sendError(c, 404, 'not_found', 'No such cart.')
      expireIfDue(record, Date.now())
      return { merchant, record }
    }

    function actorOf(c: ApiContext): string {
      const { uid } = claimsOf(c)
      return findPersonaById(uid)?.username ?? uid
    }

    /** The body's problems the schema cannot see: the merchant, the program, the discount. */
    function refuseInput(c: ApiContext, input: CartInput): Response | undefined {
      const { cid } = claimsOf(c)
      if (input.merchantID !== cid) {
        return sendError(c, 403, 'merchant_not_allowed', 'The token does not act for this merchant.')
      }
      if (!ecommercePrograms(store().programs, cid).some((program) => program.id === input.programID)) {
        return refuse(
          c,
          400,
          CART_ERROR_CODES.programNotAllowed,
          'Choose one of the merchant’s active ecommerce programs.',
        )
      }
      const totals = priceCart(input)
      if (totals.discount > totals.subtotal) {
        return refuse(
          c,
          400,
          CART_ERROR_CODES.discountTooLarge,
          'Discounts cannot be more than the items’ subtotal.',
        )
      }
      return undefined
    }

    function refuseClosed(c: ApiContext, record: CartRecord): Response | undefined {
      if (ACTIVE_CART_STATUSES.includes(record.status)) return undefined
      const state = record.status === 'COMPLETED' ? 'completed' : 'expired'
      return refuse(
        c,
        409,
        CART_ERROR_CODES.closed,
        `Cart ${record.reference} is ${state} and can no longer be changed.`,
      )
    }

    const fromInput = (input: CartInput) => ({
      programID: input.programID,
      customer: input.customer,
      billingAddress: input.billingAddress,
      shippingAddress: input.shippingAddress,
      items: input.items,
      discounts: input.discounts,
      shipping: input.shipping,
      tax: input.tax,
    })

    return new Hono<ApiEnv>()
      .get('/carts', requireScope(SCOPES.cartRead), (c) => {
        const refused = refuseQueriedMerchant(c)
        if (refused) return refused
        const merchant = cartsOf(c)
        if (merchant instanceof Response) return merchant
        const page = readPage(c, { defaultLimit: 25, max: CART_PAGE_LIMIT })
        if (!page.ok) return page.response
        const statuses = readStatuses(c)
        if (statuses instanceof Response) return statuses
        const term = (c.req.query('search') ?? '').trim()
        const now = Date.now()
        for (const record of merchant.records) expireIfDue(record, now)
        const matching = merchant.records.filter(
          (record) =>
            (statuses === null || statuses.includes(record.status)) && (term === '' || matches(record, term)),
        )
        const { offset, limit } = page.value
        return sendValidated(c, CartPageSchema, {
          data: {
            items: matching.slice(offset, offset + limit).map(listItemWire),
            pagination: { offset, limit, total: matching.length },
          },
        })
      })
      .post('/carts', requireScope(SCOPES.cartCreate), async (c) => {
        const merchant = cartsOf(c)
        if (merchant instanceof Response) return merchant
        const body = await readBody(c, CartInputSchema)
        if (!body.ok) return body.response
        const refused = refuseInput(c, body.value)
        if (refused) return refused
        const now = Date.now()
        const record: CartRecord = {
          id: newRecordId(c, 'cart'),
          merchantID: body.value.merchantID,
          reference: `${merchant.prefix}-${merchant.nextNumber}`,
          token: newToken(),
          status: 'OPEN',
          ...fromInput(body.value),
          createdAt: now,
          updatedAt: now,
          expiresAt: now + CART_VALID_DAYS * DAY,
          history: [{ at: now, type: 'CREATED', actor: actorOf(c) }],
        }
        merchant.nextNumber += 1
        merchant.records.unshift(record)
        return sendValidated(c, CartResponseSchema, { data: cartWire(record) }, 201)
      })
      .get('/carts/:id', requireScope(SCOPES.cartRead), (c) => {
        const found = findCart(c)
        if (found instanceof Response) return found
        return sendValidated(c, CartResponseSchema, { data: cartWire(found.record) })
      })
      .patch('/carts/:id', requireScope(SCOPES.cartUpdate), async (c) => {
        const found = findCart(c)
        if (found instanceof Response) return found
        const closed = refuseClosed(c, found.record)
        if (closed) return closed
        const body = await readBody(c, CartInputSchema)
        if (!body.ok) return body.response
        const refused = refuseInput(c, body.value)
        if (refused) return refused
        const now = Date.now()
        Object.assign(found.record, fromInput(body.value), { updatedAt: now })
        found.record.history.push({ at: now, type: 'UPDATED', actor: actorOf(c) })
        return sendValidated(c, CartResponseSchema, { data: cartWire(found.record) })
      })
      .post('/carts/:id/notify', requireScope(SCOPES.cartUpdate), async (c) => {
        const found = findCart(c)
        if (found instanceof Response) return found
        const { record } = found
        const closed = refuseClosed(c, record)
        if (closed) return closed
        const body = await readBody(c, CartNotifyRequestSchema)
        if (!body.ok) return body.response
        const channels = [...new Set(body.value.channels)]
        const { phone, email, name } = record.customer
        if (channels.includes('SMS') && !phone) {
          return refuse(
            c,
            400,
            CART_ERROR_CODES.noPhone,
            'The customer has no phone number to send a text message to.',
          )
        }
        const link = `${CHECKOUT_ORIGIN}/c/${record.token}`
        const outbox: OutboxData = store().outbox
        const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
          priceCart(record).total / 100,
        )
        for (const channel of channels) {
          recordMessage(outbox, {
            kind: 'CART_LINK',
            channel,
            to: channel === 'SMS' && phone ? phone : email,
            ...(channel === 'EMAIL' ? { subject: `Your cart ${record.reference} is ready` } : {}),
            body:
              channel === 'EMAIL'
                ? `Hi ${name}, your cart of ${total} is ready. Finish checkout and choose how to pay over time: ${link}`
                : `Your cart ${record.reference} (${total}) is ready: ${link}`,
            link,
          })
        }
        const now = Date.now()
        if (record.status === 'OPEN') record.status = 'SENT'
        record.updatedAt = now
        record.history.push({ at: now, type: 'SENT', actor: actorOf(c), channels })
        return sendValidated(c, CartResponseSchema, { data: cartWire(record) })
      })
      .post('/carts/:id/expire', requireScope(SCOPES.cartUpdate), (c) => {
        const found = findCart(c)
        if (found instanceof Response) return found
        const { record } = found
        const closed = refuseClosed(c, record)
        if (closed) return closed
        const now = Date.now()
        record.status = 'EXPIRED'
        record.updatedAt = now
        record.history.push({ at: now, type: 'EXPIRED', actor: actorOf(c) })
        return sendValidated(c, CartResponseSchema, { data: cartWire(record) })
      })
  },
})
