import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as v from 'valibot'
import { ErrorBodySchema } from '../../contract/error'
import {
  IssuedVirtualCardResponseSchema,
  luhnCheckDigit,
  VIRTUAL_CARD_ERROR_CODES,
  VIRTUAL_CARD_PAGE_LIMIT,
  VIRTUAL_CARD_VALID_HOURS,
  VirtualCardIssueRequestSchema,
  VirtualCardPageSchema,
  type VirtualCardSchema,
  type VirtualCardStatus,
} from '../../contract/virtual-cards'
import type { ApiContext, ApiEnv } from '../api/env'
import { claimsOf, refuseOtherMerchant, requireFreshSignIn, requireScope } from '../api/guards'
import { readBody, readPage, sendValidated } from '../api/http'
import { IDEMPOTENCY_KEY_PATTERN } from '../api/idempotency'
import { newRecordId } from '../api/newer-platform'
import { MERCHANT_IDS } from '../data/ids'
import { findPersonaById, SCOPES } from '../data/personas'
import type { Random } from '../data/random'
import type { MerchantRecord } from './merchants'
import { liveParticipations, type ProgramRecord, type ProgramsData } from './programs'
import { defineResource } from './resource'

/*
 * Virtual cards issued for in-store purchases, per merchant with an active INSTORE VirtualCard program:
 * Acme Outdoor has 6 from the last 30 days, the others up to 8, generated on first use and counting back
 * from the transactions' anchor. Card numbers come from the 400000 test range (16 digits, Luhn-valid)
 * and, like CVVs, are drawn from the merchant's own stream, so a reset gives the same numbers again,
 * issued cards included (in the order they are issued).
 */

type CardWire = v.InferInput<typeof VirtualCardSchema>

export interface VirtualCardRecord {
  id: string
  merchantID: string
  programID: string
  amount: number
  number: string
  cvv: string
  expiryMonth: number
  expiryYear: number
  createdAt: number
  validUntil: number
  /** When the card was charged; null while it has not been. */
  usedAt: number | null
  issuedBy: string
}

export interface MerchantVirtualCards {
  /** Newest first. */
  records: VirtualCardRecord[]
  /** Where the numbers of newly issued cards come from. */
  numbers: Random
}

export interface VirtualCardsData {
  /** A merchant's issued cards, generated on first use; undefined for an unknown merchant. */
  of(merchantID: string): MerchantVirtualCards | undefined
}

export const ACME_VIRTUAL_CARD_COUNT = 6
/** Every number the sandbox issues starts with this (a test range, never a real card). */
export const TEST_CARD_PREFIX = '400000'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const VALID_MS = VIRTUAL_CARD_VALID_HOURS * HOUR
const AMOUNTS = [149_00, 249_99, 389_00, 612_50, 899_00, 1_250_00, 2_199_00, 3_480_00]

export function virtualCardPrograms(programs: ProgramsData, merchantID: string): ProgramRecord[] {
  return liveParticipations(programs, merchantID)
    .map((participation) => programs.programs.get(participation.programID))
    .filter(
      (program): program is ProgramRecord =>
        program?.channel === 'INSTORE' && program.checkoutMode === 'VirtualCard',
    )
}

function cardNumber(random: Random): string {
  let digits = TEST_CARD_PREFIX
  while (digits.length < 15) digits += String(random.int(0, 9))
  return `${digits}${luhnCheckDigit(digits)}`
}

function cvvOf(random: Random): string {
  return String(random.int(0, 999)).padStart(3, '0')
}

function newCard(
  random: Random,
  fields: Pick<VirtualCardRecord, 'id' | 'merchantID' | 'programID' | 'amount' | 'createdAt' | 'issuedBy'>,
): VirtualCardRecord {
  const validUntil = fields.createdAt + VALID_MS
  const expiry = new Date(validUntil)
  return {
    ...fields,
    number: cardNumber(random),
    cvv: cvvOf(random),
    // The card itself runs to the end of the month its validity ends in; the platform closes it earlier.
    expiryMonth: expiry.getUTCMonth() + 1,
    expiryYear: expiry.getUTCFullYear(),
    validUntil,
    usedAt: null,
  }
}

function staffOf(merchant: MerchantRecord): string[] {
  const domain = merchant.name.toLowerCase().replace(/[^a-z0-9]+/g, '')
  return ['ops@provider.test', `store.manager@${domain}.example`]
}

export function generateMerchantCards(
  random: Random,
  merchant: MerchantRecord,
  programs: readonly ProgramRecord[],
  count: number,
  now: number,
): VirtualCardRecord[] {
  const staff = staffOf(merchant)
  const offsets = Array.from({ length: count }, () => random.int(1, 30 * 24 * 60) * MINUTE).sort(
    (a, b) => a - b,
  )
  return offsets.map((offset) => {
    const program = random.pick(programs)
    const card = newCard(random, {
      id: random.uuid(),
      merchantID: merchant.id,
      programID: program.id,
      amount: random.pick(AMOUNTS),
      createdAt: now - offset,
      issuedBy: random.pick(staff),
    })
    // Most are charged at the till within minutes; a few are never used and run out.
    const usedAt = card.createdAt + random.int(2, 40) * MINUTE
    if (random.chance(0.85) && usedAt < now) card.usedAt = usedAt
    return card
  })
}

function statusOf(record: VirtualCardRecord, now: number): VirtualCardStatus {
  if (record.usedAt !== null && record.usedAt <= now) return 'USED'
  return record.validUntil <= now ? 'EXPIRED' : 'ACTIVE'
}

const iso = (time: number) => new Date(time).toISOString()

export function cardWire(record: VirtualCardRecord, now: number): CardWire {
  return {
    id: record.id,
    merchantID: record.merchantID,
    programID: record.programID,
    amount: record.amount,
    currency: 'USD',
    singleUse: true,
    status: statusOf(record, now),
    last4: record.number.slice(-4),
    expiryMonth: record.expiryMonth,
    expiryYear: record.expiryYear,
    createdAt: iso(record.createdAt),
    validUntil: iso(record.validUntil),
    usedAt: record.usedAt === null ? null : iso(record.usedAt),
    issuedBy: record.issuedBy,
  }
}

function refuse(c: ApiContext, status: ContentfulStatusCode, code: string, message: string): Response {
  return sendValidated(c, ErrorBodySchema, { error: { code, message } }, status)
}

export const virtualCards = defineResource({
  key: 'virtualCards',
  generate: ({ random, need }) => {
    const merchants = need('merchants')
    const programsData = need('programs')
    const { now } = need('transactions')
    const byMerchant = new Map<string, MerchantVirtualCards>()
    return {
      of(merchantID) {
        const existing = byMerchant.get(merchantID)
        if (existing) return existing
        const merchant = merchants.find((candidate) => candidate.id === merchantID)
        if (!merchant) return undefined
        const programs = virtualCardPrograms(programsData, merchantID)
        const stream = random.fork(merchantID)
        const count =
          programs.length === 0
            ? 0
            : merchantID === MERCHANT_IDS.acme
              ? ACME_VIRTUAL_CARD_COUNT
              : stream.int(0, 8)
        const cards: MerchantVirtualCards = {
          records: generateMerchantCards(stream, merchant, programs, count, now),
          numbers: random.fork(`${merchantID}:issued`),
        }
        byMerchant.set(merchantID, cards)
        return cards
      },
    } satisfies VirtualCardsData
  },
  routes: (deps) => {
    const { store } = deps
    /** The merchant of the path, when the token acts for it; otherwise the refusal. */
    function cardsOf(c: ApiContext): MerchantVirtualCards | Response {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      return store().virtualCards.of(claimsOf(c).cid) ?? refuse(c, 404, 'not_found', 'No such merchant.')
    }

    return new Hono<ApiEnv>()
      .get('/merchant/:merchantID/virtual-cards', requireScope(SCOPES.virtualCardIssue), (c) => {
        const cards = cardsOf(c)
        if (cards instanceof Response) return cards
        const page = readPage(c, { defaultLimit: 10, max: VIRTUAL_CARD_PAGE_LIMIT })
        if (!page.ok) return page.response
        const { offset, limit } = page.value
        const now = Date.now()
        return sendValidated(c, VirtualCardPageSchema, {
          data: {
            items: cards.records.slice(offset, offset + limit).map((record) => cardWire(record, now)),
            pagination: { offset, limit, total: cards.records.length },
          },
        })
      })
      .post(
        '/merchant/:merchantID/virtual-cards',
        requireScope(SCOPES.virtualCardIssue),
        requireFreshSignIn(deps),
        async (c) => {
          const cards = cardsOf(c)
          if (cards instanceof Response) return cards
          const key = c.req.header('Idempotency-Key')
          if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
            return refuse(
              c,
              400,
              VIRTUAL_CARD_ERROR_CODES.idempotencyKeyRequired,
              'Issuing a card needs an Idempotency-Key header (1 to 255 letters, digits, ".", ":", "_" or "-").',
            )
          }
          const body = await readBody(c, VirtualCardIssueRequestSchema)
          if (!body.ok) return body.response
          const { cid, uid } = claimsOf(c)
          const programs = virtualCardPrograms(store().programs, cid)
          if (programs.length === 0) {
            return refuse(
              c,
              403,
              VIRTUAL_CARD_ERROR_CODES.noProgram,
              'Virtual cards need an active in-store program with virtual card checkout.',
            )
          }
          const program = programs.find((candidate) => candidate.id === body.value.programID)
          if (!program) {
            return refuse(
              c,
              400,
              VIRTUAL_CARD_ERROR_CODES.programNotAllowed,
              'Choose one of the merchant’s active in-store virtual card programs.',
            )
          }

          // A repeated key is answered before this route (sandbox/api/idempotency.ts): this send is the first.
          const now = Date.now()
          const record = newCard(cards.numbers, {
            id: newRecordId(c, 'vc'),
            merchantID: cid,
            programID: program.id,
            amount: body.value.amount,
            createdAt: now,
            issuedBy: findPersonaById(uid)?.username ?? uid,
          })
          cards.records.unshift(record)
          return sendValidated(
            c,
            IssuedVirtualCardResponseSchema,
            { data: { ...cardWire(record, now), number: record.number, cvv: record.cvv } },
            201,
          )
        },
      )
  },
})
