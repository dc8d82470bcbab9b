import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import {
  ACTIVE_CART_STATUSES,
  CART_ERROR_CODES,
  CART_PAGE_LIMIT,
  CART_STATUSES,
  CART_VALID_DAYS,
  type CartInput,
  CartInputSchema,
  CartNotifyRequestSchema,
  CartPageSchema,
  CartResponseSchema,
  type CartStatus,
} from '../../contract/carts'
import { ErrorBodySchema } from '../../contract/error'
import type { ApiContext, ApiEnv } from '../api/env'
import { claimsOf, refuseNoMerchant, refuseQueriedMerchant, requireScope } from '../api/guards'
import { readBody, readPage, sendError, sendValidated } from '../api/http'
import { newRecordId } from '../api/newer-platform'
import { MERCHANT_IDS } from '../data/ids'
import { findPersonaById, SCOPES } from '../data/personas'
import { priceCart } from './cart-totals'
import { generateMerchantCarts } from './carts-generate'
import {
  type CartRecord,
  type CartsData,
  CHECKOUT_ORIGIN,
  cartWire,
  expireIfDue,
  listItemWire,
  type MerchantCarts,
  matches,
  newToken,
} from './carts-records'
import { type OutboxData, recordMessage } from './outbox'
import { liveParticipations, type ProgramRecord, type ProgramsData } from './programs'
import { defineResource } from './resource'

/*
 * The carts resource: each merchant's carts, generated on first use (carts-generate.ts), and the
 * routes that list, create, change, send and expire them.
 */

export const ACME_CART_COUNT = 180
const DAY = 24 * 60 * 60 * 1000

function ecommercePrograms(programs: ProgramsData, merchantID: string): ProgramRecord[] {
  return liveParticipations(programs, merchantID)
    .map((participation) => programs.programs.get(participation.programID))
    .filter((program): program is ProgramRecord => program?.channel === 'ECOMM')
}

function refuse(c: ApiContext, status: ContentfulStatusCode, code: string, message: string): Response {
  return sendValidated(c, ErrorBodySchema, { error: { code, message } }, status)
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
