import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { ErrorBodySchema } from '../../contract/error'
import type { Channel } from '../../contract/programs'
import {
  AUTHORIZATION_DAYS,
  type SortDirection,
  type StatusSummary,
  type TimelineEventType,
  TRANSACTION_PAGE_LIMIT,
  TRANSACTION_SEARCH_TYPES,
  TRANSACTION_SORT_FIELDS,
  TRANSACTION_STATUSES,
  type TransactionAction,
  TransactionActionBodySchema,
  type TransactionListItemSchema,
  TransactionPageSchema,
  TransactionResponseSchema,
  type TransactionSchema,
  type TransactionSearchType,
  type TransactionSortField,
  type TransactionStatus,
} from '../../contract/transactions'
import { instantRangeIn, parseIsoDate } from '../../src/shared/calendar'
import type { ApiContext, ApiEnv } from '../api/env'
import { claimsOf, refuseNoMerchant, requireTransactionAction } from '../api/guards'
import { readPage, sendError, sendValidated } from '../api/http'
import { IDEMPOTENCY_KEY_PATTERN } from '../api/idempotency'
import { MERCHANT_IDS, ZERO_MERCHANT_ID } from '../data/ids'
import { findPersonaById, SCOPES } from '../data/personas'
import type { Random } from '../data/random'
import type { MerchantRecord } from './merchants'
import { liveParticipations, type ProgramRecord, type ProgramsData } from './programs'
import { defineResource } from './resource'

/*
 * Transactions of every merchant, generated from the seed: Acme Outdoor has exactly 50 000 over the
 * two years before "now", the others a few hundred to a few thousand.
 *
 * Time: every transaction is generated as an offset before an anchor. The anchor is the sandbox's
 * start-up time (or SANDBOX_NOW, an ISO timestamp, for reproducible screenshots), so the newest
 * transactions are always minutes old and open authorizations really are about to expire. Ids,
 * amounts, customers, statuses and order depend only on the seed: a restart gives the same set
 * shifted to the new start-up time, and reset() gives exactly the same set (same anchor).
 *
 * Speed: a merchant's ledger is generated the first time it is asked for (Acme's 50 000 take about
 * 100 ms), so start-up and reset() stay instant; lists walk precomputed sort orders, so a filtered,
 * sorted page with its summary over Acme's 50 000 takes a few milliseconds.
 */

type TransactionWire = v.InferInput<typeof TransactionSchema>
type ListItemWire = v.InferInput<typeof TransactionListItemSchema>

interface TimelineRecord {
  at: number
  type: TimelineEventType
  amount: number
  actor: string
}

export interface TransactionRecord {
  id: string
  merchantID: string
  orderId: string
  createdAt: number
  customerName: string
  /** Lower-cased name, for search and sorting. */
  customerKey: string
  customerEmail: string
  programID: string
  channel: Channel
  authorized: number
  settled: number
  refunded: number
  remaining: number
  status: TransactionStatus
  expiresAt: number
  /** What happened before the anchor. */
  history: History
  /** What happened since: actions through the API and expiries, oldest first. */
  actions: TimelineRecord[] | null
}

export interface MerchantLedger {
  timeZone: string
  /** Newest first. */
  records: readonly TransactionRecord[]
  indexById: ReadonlyMap<string, number>
  /** Ascending orders of record indexes per sort field (createdAt needs none); status is rebuilt after actions. */
  orders: Map<Exclude<TransactionSortField, 'createdAt'>, Int32Array>
}

export interface TransactionsData {
  /** The anchor all generated times count back from (ms since the epoch). */
  readonly now: number
  /** A merchant's ledger, generated on first use; undefined for an unknown merchant. */
  ledger(merchantID: string): MerchantLedger | undefined
}

export const ACME_TRANSACTION_COUNT = 50_000
const COUNTS: Readonly<Record<string, number>> = {
  [MERCHANT_IDS.acme]: ACME_TRANSACTION_COUNT,
  [MERCHANT_IDS.globex]: 4_000,
  [MERCHANT_IDS.initech]: 1_500,
  [MERCHANT_IDS.harbor]: 3_000,
}
const HISTORY_DAYS = 730
const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000
const SANDBOX_STARTED_AT = Date.now()

function anchorTime(): number {
  const fixed = typeof process === 'undefined' ? undefined : process.env.SANDBOX_NOW
  const parsed = fixed ? Date.parse(fixed) : Number.NaN
  return Number.isNaN(parsed) ? SANDBOX_STARTED_AT : parsed
}

/** The name of each merchant's oldest customer (see generateLedger). */
export const FORMULA_CUSTOMER_NAME = '=HYPERLINK("http://x")'

const FIRST_NAMES = [
  'Olivia Liam Emma Noah Ava Elijah Sophia Mateo Isabella Lucas Mia Levi Amelia Ezra Harper',
  'Asher Evelyn James Luna Leo Camila Aiden Gianna Kai Aria Wei Priya Diego Fatima Hiroshi',
  'Nia Omar Sofia Tariq Yara Zoe Malik Ingrid Rafael Chloe',
]
  .join(' ')
  .split(' ')
const LAST_NAMES = [
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez',
  'Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White',
  'Harris Nguyen Clark Patel Kim Okafor Larsen Dubois Rossi Tanaka Cohen Singh Walker Young',
  'Allen Wright',
]
  .join(' ')
  .split(' ')
const EMAIL_DOMAINS = ['example.com', 'mail.test', 'inbox.test', 'example.org']
const ID_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'
const CENT_ENDINGS = [0, 99, 95, 0, 49, 0, 99]

/** Who acts in generated timelines; actions through the API record the user's email. */
export const ACTORS = { customer: 'customer', platform: 'platform', integration: 'api' } as const

function normal(random: Random): number {
  // Box–Muller; 1 - next() keeps log() away from zero.
  return Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next())
}

function orderAmount(random: Random, channel: Channel): number {
  const [mean, spread, min, max] = channel === 'ECOMM' ? [5.6, 0.8, 25, 6_000] : [6.6, 0.6, 150, 12_000]
  const dollars = Math.min(max, Math.max(min, Math.round(Math.exp(mean + spread * normal(random)))))
  const ending = random.pick(CENT_ENDINGS)
  return dollars * 100 + (ending === 0 && random.chance(0.15) ? random.int(1, 98) : ending)
}

function transactionId(random: Random, taken: ReadonlyMap<string, number>): string {
  for (;;) {
    let id = 'TX-'
    for (let i = 0; i < 8; i++) id += ID_ALPHABET.charAt(Math.floor(random.next() * ID_ALPHABET.length))
    if (!taken.has(id)) return id
  }
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
  return letters.slice(0, 3) || 'TX'
}

/** Per-day counts that sum to exactly `total`: volume grows over the two years, with daily noise. */
function dailyCounts(random: Random, total: number): number[] {
  const weights = Array.from({ length: HISTORY_DAYS }, (_, daysAgo) => {
    const growth = 1 + 0.8 * (1 - daysAgo / HISTORY_DAYS)
    return growth * (0.7 + 0.6 * random.next())
  })
  const sum = weights.reduce((a, b) => a + b, 0)
  const exact = weights.map((weight) => (weight / sum) * total)
  const counts = exact.map(Math.floor)
  let missing = total - counts.reduce((a, b) => a + b, 0)
  const byRemainder = exact.map((value, day) => ({ day, rest: value - Math.floor(value) }))
  byRemainder.sort((a, b) => b.rest - a.rest || a.day - b.day)
  for (const { day } of byRemainder) {
    if (missing <= 0) break
    counts[day] = (counts[day] ?? 0) + 1
    missing -= 1
  }
  return counts
}

/**
 * What happened to an authorization before the anchor, kept as plain numbers: 50 000 timelines of
 * objects cost more to build (and to collect) than the whole rest of the ledger, and only an opened
 * transaction needs its timeline (see timelineOf).
 */
interface History {
  status: TransactionStatus
  settled: number
  refunded: number
  settledAt: number
  closedAt: number
  closedBy: string
  refunds: TimelineRecord[] | null
}

/** Shared by every authorization still open at the anchor (most of the young ones). */
const STILL_OPEN: History = Object.freeze({
  status: 'AUTHORIZED',
  settled: 0,
  refunded: 0,
  settledAt: 0,
  closedAt: 0,
  closedBy: '',
  refunds: null,
})

/** Decides what happened to one authorization by `now`; every branch draws from the merchant's stream. */
function history(
  random: Random,
  createdAt: number,
  authorized: number,
  channel: Channel,
  now: number,
  staff: readonly string[],
): History {
  const open = STILL_OPEN
  if (random.chance(0.06))
    return { ...open, status: 'DECLINED', closedAt: createdAt, closedBy: ACTORS.platform }

  const fate = random.next()
  if (fate < 0.04) {
    const cancelAt = createdAt + random.int(1, 5 * 24) * HOUR
    const actor = random.pick(staff)
    if (cancelAt > now) return open
    return { ...open, status: 'CANCELLED', closedAt: cancelAt, closedBy: actor }
  }
  if (fate < 0.065) {
    // Never settled: open until it expires.
    const expiresAt = createdAt + AUTHORIZATION_DAYS * DAY
    if (expiresAt > now) return open
    return { ...open, status: 'EXPIRED', closedAt: expiresAt, closedBy: ACTORS.platform }
  }

  // Online orders settle when they ship; in-store ones at the till.
  const settledAt =
    channel === 'ECOMM' ? createdAt + random.int(2, 10 * 24) * HOUR : createdAt + random.int(1, 30) * 60_000
  const partial = random.chance(0.05)
  const settled = partial ? Math.max(1, Math.round(authorized * (0.5 + 0.45 * random.next()))) : authorized
  const refundRoll = random.next()
  let refundAt = settledAt + random.int(1, 30 * 24) * HOUR
  const actor = random.pick(staff)
  if (settledAt > now) return open

  let refunded = 0
  let refunds: TimelineRecord[] | null = null
  if (refundRoll < 0.07 && refundAt <= now) {
    refunded = settled
    refunds = [{ at: refundAt, type: 'REFUNDED', amount: settled, actor }]
  } else if (refundRoll < 0.13 && refundAt <= now) {
    refunded = Math.max(1, Math.round(settled * (0.1 + 0.5 * random.next())))
    refunds = [{ at: refundAt, type: 'REFUNDED', amount: refunded, actor }]
    refundAt += random.int(1, 10 * 24) * HOUR
    if (random.chance(0.2) && refundAt <= now) {
      const more = Math.max(1, Math.round((settled - refunded) * 0.5))
      refunded += more
      refunds.push({ at: refundAt, type: 'REFUNDED', amount: more, actor })
    }
  }

  const status: TransactionStatus =
    refunded === 0
      ? partial
        ? 'PARTIALLY_SETTLED'
        : 'SETTLED'
      : refunded === settled
        ? 'REFUNDED'
        : 'PARTIALLY_REFUNDED'
  return { status, settled, refunded, settledAt, closedAt: 0, closedBy: '', refunds }
}

function remainingOf(
  status: TransactionStatus,
  authorized: number,
  settled: number,
  refunded: number,
): number {
  if (status === 'AUTHORIZED') return authorized
  if (status === 'SETTLED' || status === 'PARTIALLY_SETTLED' || status === 'PARTIALLY_REFUNDED') {
    return settled - refunded
  }
  return 0
}

/** One merchant's transactions, newest first; the same for the same seed and merchant. */
export function generateLedger(
  random: Random,
  merchant: MerchantRecord,
  programs: readonly ProgramRecord[],
  count: number,
  now: number,
): MerchantLedger {
  const records: TransactionRecord[] = []
  const indexById = new Map<string, number>()
  const staff = [`owner@${merchant.name.split(' ')[0]?.toLowerCase() ?? 'merchant'}.test`, ACTORS.integration]
  const prefix = initials(merchant.name)
  const perDay = dailyCounts(random, count)
  const ecommWeight = programs.length > 1 ? 0.6 : 1

  for (let daysAgo = 0; daysAgo < HISTORY_DAYS; daysAgo++) {
    const inDay = perDay[daysAgo] ?? 0
    const offsets = Array.from({ length: inDay }, () => daysAgo * DAY + Math.floor(random.next() * DAY))
    offsets.sort((a, b) => a - b)
    for (const offset of offsets) {
      const program = programs.length > 1 && !random.chance(ecommWeight) ? programs[1] : programs[0]
      if (!program) continue
      const createdAt = now - offset
      const first = random.pick(FIRST_NAMES)
      const last = random.pick(LAST_NAMES)
      const customerName = `${first} ${last}`
      const customerEmail = `${first}.${last}${random.int(1, 99)}@${random.pick(EMAIL_DOMAINS)}`.toLowerCase()
      const authorized = orderAmount(random, program.channel)
      const id = transactionId(random, indexById)
      const past = history(random, createdAt, authorized, program.channel, now, staff)
      indexById.set(id, records.length)
      records.push({
        id,
        merchantID: merchant.id,
        orderId: '',
        createdAt,
        customerName,
        customerKey: customerName.toLowerCase(),
        customerEmail,
        programID: program.id,
        channel: program.channel,
        authorized,
        settled: past.settled,
        refunded: past.refunded,
        remaining: remainingOf(past.status, authorized, past.settled, past.refunded),
        status: past.status,
        expiresAt: createdAt + AUTHORIZATION_DAYS * DAY,
        history: past,
        actions: null,
      })
    }
  }
  // Order numbers grow with time, as a shop's do.
  records.forEach((record, index) => {
    record.orderId = `${prefix}-${1_000_000 + records.length - index}`
  })
  // The oldest purchase was made under a name that is a spreadsheet formula: what a customer typing
  // into a checkout can do, and what every export must keep from running.
  const oldest = records.at(-1)
  if (oldest) {
    oldest.customerName = FORMULA_CUSTOMER_NAME
    oldest.customerKey = FORMULA_CUSTOMER_NAME.toLowerCase()
  }

  return { timeZone: merchant.timeZone, records, indexById, orders: new Map() }
}

const STATUS_RANK = new Map(TRANSACTION_STATUSES.map((status, rank) => [status, rank]))

function ascendingOrder(
  ledger: MerchantLedger,
  field: Exclude<TransactionSortField, 'createdAt'>,
): Int32Array {
  const cached = ledger.orders.get(field)
  if (cached) return cached
  const { records } = ledger
  const keys = new Float64Array(records.length)
  if (field === 'customer') {
    // Names repeat a lot: ranking the distinct ones once turns 50 000 string comparisons into numbers.
    const names = [...new Set(records.map((record) => record.customerKey))].sort()
    const rank = new Map(names.map((name, index) => [name, index]))
    records.forEach((record, index) => {
      keys[index] = rank.get(record.customerKey) ?? 0
    })
  } else {
    records.forEach((record, index) => {
      keys[index] = field === 'amount' ? record.authorized : (STATUS_RANK.get(record.status) ?? 0)
    })
  }
  const order = Int32Array.from(records, (_, index) => index)
  // Ties keep the newest first, so every sort is stable and pages never overlap.
  order.sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b)
  ledger.orders.set(field, order)
  return order
}

export interface ListQuery {
  search: string | null
  searchType: TransactionSearchType
  statuses: ReadonlySet<TransactionStatus> | null
  programIDs: ReadonlySet<string> | null
  from: string | null
  to: string | null
  sort: TransactionSortField
  direction: SortDirection
  offset: number
  limit: number
}

export interface ListResult {
  items: TransactionRecord[]
  total: number
  summary: StatusSummary[]
}

function matcher(query: ListQuery): ((record: TransactionRecord) => boolean) | null {
  const { search, searchType } = query
  if (search === null || search === '') return () => true
  switch (searchType) {
    case 'Transaction': {
      const term = search.toUpperCase()
      return (record) => record.id.includes(term)
    }
    case 'Order': {
      const term = search.toUpperCase()
      return (record) => record.orderId.includes(term)
    }
    case 'CustomerName': {
      const term = search.toLowerCase()
      return (record) => record.customerKey.includes(term)
    }
    case 'CustomerEmail': {
      const term = search.toLowerCase()
      return (record) => record.customerEmail.includes(term)
    }
    case 'Amount': {
      const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(search)
      if (!match) return null
      const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
      return (record) => record.authorized === cents
    }
  }
}

/** One page of the filtered, sorted list with its per-status summary; null when the search is not valid. */
export function listTransactions(ledger: MerchantLedger, query: ListQuery): ListResult | null {
  const matches = matcher(query)
  if (!matches) return null
  const { start, end } = instantRangeIn(query.from, query.to, ledger.timeZone)
  const { records } = ledger
  const { statuses, programIDs, offset, limit } = query
  const counts = new Array<number>(TRANSACTION_STATUSES.length).fill(0)
  const totals = new Array<number>(TRANSACTION_STATUSES.length).fill(0)
  const items: TransactionRecord[] = []
  let total = 0

  const visit = (index: number) => {
    const record = records[index] as TransactionRecord
    if (record.createdAt < start || record.createdAt >= end) return
    if (statuses && !statuses.has(record.status)) return
    if (programIDs && !programIDs.has(record.programID)) return
    if (!matches(record)) return
    const rank = STATUS_RANK.get(record.status) ?? 0
    counts[rank] = (counts[rank] ?? 0) + 1
    totals[rank] = (totals[rank] ?? 0) + record.authorized
    if (total >= offset && total < offset + limit) items.push(record)
    total += 1
  }

  if (query.sort === 'createdAt') {
    if (query.direction === 'desc') for (let i = 0; i < records.length; i++) visit(i)
    else for (let i = records.length - 1; i >= 0; i--) visit(i)
  } else {
    const order = ascendingOrder(ledger, query.sort)
    if (query.direction === 'asc') for (let i = 0; i < order.length; i++) visit(order[i] as number)
    else for (let i = order.length - 1; i >= 0; i--) visit(order[i] as number)
  }

  const summary = TRANSACTION_STATUSES.flatMap((status, rank) =>
    (counts[rank] ?? 0) > 0 ? [{ status, count: counts[rank] ?? 0, total: totals[rank] ?? 0 }] : [],
  )
  return { items, total, summary }
}

function listItem(record: TransactionRecord): ListItemWire {
  return {
    id: record.id,
    merchantID: record.merchantID,
    orderId: record.orderId,
    createdAt: new Date(record.createdAt).toISOString(),
    customer: { name: record.customerName, email: record.customerEmail },
    programID: record.programID,
    channel: record.channel,
    currency: 'USD',
    amounts: {
      authorized: record.authorized,
      settled: record.settled,
      refunded: record.refunded,
      remaining: record.remaining,
    },
    status: record.status,
    expiresAt: new Date(record.expiresAt).toISOString(),
  }
}

/** The whole story of a transaction, oldest first. */
export function timelineOf(record: TransactionRecord): TimelineRecord[] {
  const { history: past } = record
  if (record.status === 'DECLINED') {
    return [{ at: record.createdAt, type: 'DECLINED', amount: record.authorized, actor: past.closedBy }]
  }
  const events: TimelineRecord[] = [
    { at: record.createdAt, type: 'AUTHORIZED', amount: record.authorized, actor: ACTORS.customer },
  ]
  if (past.closedAt > 0) {
    const type = past.status === 'EXPIRED' ? 'EXPIRED' : 'CANCELLED'
    events.push({ at: past.closedAt, type, amount: record.authorized, actor: past.closedBy })
  }
  if (past.settledAt > 0) {
    events.push({ at: past.settledAt, type: 'SETTLED', amount: past.settled, actor: ACTORS.integration })
    if (past.settled < record.authorized) {
      const released = record.authorized - past.settled
      events.push({ at: past.settledAt, type: 'RELEASED', amount: released, actor: ACTORS.integration })
    }
  }
  events.push(...(past.refunds ?? []), ...(record.actions ?? []))
  return events
}

export function transactionWire(record: TransactionRecord): TransactionWire {
  return {
    ...listItem(record),
    timeline: timelineOf(record).map((event) => ({ ...event, at: new Date(event.at).toISOString() })),
  }
}

/** An authorization whose 90 days ran out while the sandbox was running expires now. */
function expireIfDue(record: TransactionRecord, now: number): void {
  if (record.status !== 'AUTHORIZED' || record.expiresAt > now) return
  record.actions ??= []
  record.status = 'EXPIRED'
  record.remaining = 0
  record.actions.push({
    at: record.expiresAt,
    type: 'EXPIRED',
    amount: record.authorized,
    actor: ACTORS.platform,
  })
}

export interface ActionRefusal {
  code: string
  message: string
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const money = (cents: number) => usd.format(cents / 100)
const describe: Record<TransactionStatus, string> = {
  AUTHORIZED: 'an open authorization',
  SETTLED: 'settled',
  PARTIALLY_SETTLED: 'partially settled',
  PARTIALLY_REFUNDED: 'partially refunded',
  REFUNDED: 'fully refunded',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
  DECLINED: 'declined',
}

/** Applies an action, or says why the platform refuses it (the transaction is then unchanged). */
export function applyAction(
  ledger: MerchantLedger,
  record: TransactionRecord,
  action: TransactionAction,
  amount: number | undefined,
  actor: string,
  now: number,
): ActionRefusal | null {
  expireIfDue(record, now)
  record.actions ??= []
  const state = `Transaction ${record.id} is ${describe[record.status]}`
  switch (action) {
    case 'settle': {
      if (record.status === 'EXPIRED') {
        return {
          code: 'authorization_expired',
          message: `${state}: its authorization ran out on ${new Date(record.expiresAt).toISOString().slice(0, 10)} and can no longer be settled.`,
        }
      }
      if (record.status !== 'AUTHORIZED') {
        return { code: 'not_settleable', message: `${state}; only an open authorization can be settled.` }
      }
      const settle = amount ?? record.remaining
      if (settle > record.remaining) {
        return {
          code: 'amount_exceeds_authorization',
          message: `Cannot settle ${money(settle)}: only ${money(record.remaining)} is authorized.`,
        }
      }
      record.settled = settle
      record.remaining = settle
      record.status = settle === record.authorized ? 'SETTLED' : 'PARTIALLY_SETTLED'
      record.actions.push({ at: now, type: 'SETTLED', amount: settle, actor })
      if (settle < record.authorized) {
        record.actions.push({ at: now, type: 'RELEASED', amount: record.authorized - settle, actor })
      }
      break
    }
    case 'refund': {
      if (record.status === 'AUTHORIZED') {
        return {
          code: 'not_refundable',
          message: `${state}; nothing is settled yet, so there is nothing to refund. Cancel the authorization instead.`,
        }
      }
      if (record.remaining === 0) {
        return { code: 'not_refundable', message: `${state}; there is nothing left to refund.` }
      }
      const refund = amount ?? record.remaining
      if (refund > record.remaining) {
        return {
          code: 'refund_exceeds_remaining',
          message: `Cannot refund ${money(refund)}: only ${money(record.remaining)} of this transaction can still be refunded.`,
        }
      }
      record.refunded += refund
      record.remaining -= refund
      record.status = record.remaining === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED'
      record.actions.push({ at: now, type: 'REFUNDED', amount: refund, actor })
      break
    }
    case 'cancel': {
      if (record.status !== 'AUTHORIZED') {
        const hint = record.remaining > 0 ? ' Refund it instead.' : ''
        return {
          code: 'not_cancellable',
          message: `${state}; only an open authorization can be cancelled.${hint}`,
        }
      }
      if (amount !== undefined && amount !== record.remaining) {
        return {
          code: 'partial_cancel_not_supported',
          message: 'Cancelling releases the whole authorization; it takes no amount.',
        }
      }
      record.actions.push({ at: now, type: 'CANCELLED', amount: record.remaining, actor })
      record.status = 'CANCELLED'
      record.remaining = 0
      break
    }
  }
  // Status is the only sort key an action changes.
  ledger.orders.delete('status')
  return null
}

function sendRefusal(c: ApiContext, status: ContentfulStatusCode, refusal: ActionRefusal): Response {
  return sendValidated(c, ErrorBodySchema, { error: refusal }, status)
}

const SORT_PATTERN = new RegExp(`^(${TRANSACTION_SORT_FIELDS.join('|')}):(asc|desc)$`)

function readList(query: string[] | undefined): string[] {
  return (query ?? []).flatMap((value) => value.split(',')).filter((value) => value !== '')
}

function ledgerOfToken(c: ApiContext, data: TransactionsData): MerchantLedger | Response {
  return (
    refuseNoMerchant(c) ?? data.ledger(claimsOf(c).cid) ?? sendError(c, 404, 'not_found', 'No such merchant.')
  )
}

function actionRoute(action: TransactionAction, deps: { data: () => TransactionsData }) {
  return async (c: ApiContext) => {
    const key = c.req.header('Idempotency-Key')
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return sendRefusal(c, 400, {
        code: 'idempotency_key_required',
        message: 'Actions need an Idempotency-Key header (1 to 255 letters, digits, ".", ":", "_" or "-").',
      })
    }
    const raw = await c.req.text()
    let json: unknown = {}
    try {
      json = raw.trim() === '' ? {} : JSON.parse(raw)
    } catch {
      return sendError(c, 400, 'bad_request', 'The request body must be JSON.')
    }
    const body = v.safeParse(TransactionActionBodySchema, json)
    if (!body.success) {
      return sendError(c, 400, 'validation_failed', 'amount must be a whole number of cents above zero.')
    }

    const ledger = ledgerOfToken(c, deps.data())
    if (ledger instanceof Response) return ledger
    const id = c.req.param('id') ?? ''
    const index = ledger.indexById.get(id)
    const record = index === undefined ? undefined : ledger.records[index]
    if (!record) return sendError(c, 404, 'not_found', 'No such transaction.')

    // A repeated key is answered before this route (sandbox/api/idempotency.ts): this send is the first.
    const claims = claimsOf(c)
    const actor = findPersonaById(claims.uid)?.username ?? claims.uid
    const refusal = applyAction(ledger, record, action, body.output.amount, actor, Date.now())
    if (refusal) return sendRefusal(c, 409, refusal)
    return sendValidated(c, TransactionResponseSchema, { data: transactionWire(record) })
  }
}

function countFor(random: Random, merchantID: string): number {
  return COUNTS[merchantID] ?? random.int(200, 1_000)
}

export const transactions = defineResource({
  key: 'transactions',
  generate: ({ random, need }) => {
    const merchants = need('merchants')
    const programsData: ProgramsData = need('programs')
    const now = anchorTime()
    const ledgers = new Map<string, MerchantLedger>()
    return {
      now,
      ledger(merchantID) {
        const existing = ledgers.get(merchantID)
        if (existing) return existing
        const merchant = merchants.find((candidate) => candidate.id === merchantID)
        if (!merchant) return undefined
        // Each merchant draws from its own stream, so the order of first use never changes the data.
        const stream = random.fork(merchantID)
        const programs = liveParticipations(programsData, merchantID)
          .map((participation) => programsData.programs.get(participation.programID))
          .filter((program): program is ProgramRecord => program !== undefined)
          .sort((a, b) => (a.channel === b.channel ? 0 : a.channel === 'ECOMM' ? -1 : 1))
        const ledger = generateLedger(stream, merchant, programs, countFor(stream, merchantID), now)
        ledgers.set(merchantID, ledger)
        return ledger
      },
    } satisfies TransactionsData
  },
  routes: ({ store }) => {
    const data = () => store().transactions
    return new Hono<ApiEnv>()
      .get('/transactions', (c) => {
        const merchantID = c.req.query('merchantID.eq')
        const { cid } = claimsOf(c)
        if (!merchantID) return sendError(c, 400, 'bad_request', 'merchantID.eq is required.')
        if (cid === ZERO_MERCHANT_ID || cid !== merchantID) {
          return sendError(c, 403, 'merchant_not_allowed', 'The token does not act for this merchant.')
        }
        const ledger = data().ledger(merchantID)
        if (!ledger) return sendError(c, 404, 'not_found', 'No such merchant.')
        const page = readPage(c, { defaultLimit: 25, max: TRANSACTION_PAGE_LIMIT })
        if (!page.ok) return page.response

        const sort = SORT_PATTERN.exec(c.req.query('sort') ?? 'createdAt:desc')
        if (!sort) {
          return sendError(
            c,
            400,
            'bad_request',
            `sort must be one of ${TRANSACTION_SORT_FIELDS.join(', ')} with :asc or :desc.`,
          )
        }
        const searchType = c.req.query('searchType') ?? 'Transaction'
        if (!v.is(v.picklist(TRANSACTION_SEARCH_TYPES), searchType)) {
          return sendError(
            c,
            400,
            'bad_request',
            `searchType must be one of ${TRANSACTION_SEARCH_TYPES.join(', ')}.`,
          )
        }
        const statuses = readList(c.req.queries('status'))
        const unknownStatus = statuses.find((status) => !v.is(v.picklist(TRANSACTION_STATUSES), status))
        if (unknownStatus !== undefined) {
          return sendError(c, 400, 'bad_request', `Unknown status ${unknownStatus}.`)
        }
        const programIDs = readList(c.req.queries('programID'))
        const dates: Record<'from' | 'to', string | null> = { from: null, to: null }
        for (const name of ['from', 'to'] as const) {
          const raw = c.req.query(name)
          if (raw === undefined || raw === '') continue
          const date = parseIsoDate(raw)
          if (!date) {
            return sendError(
              c,
              400,
              'bad_request',
              `${name} must be a calendar date (yyyy-MM-dd) in the merchant's time zone.`,
            )
          }
          dates[name] = date
        }

        const search = (c.req.query('search') ?? '').trim()
        const result = listTransactions(ledger, {
          search: search === '' ? null : search,
          searchType,
          statuses: statuses.length > 0 ? new Set(statuses as TransactionStatus[]) : null,
          programIDs: programIDs.length > 0 ? new Set(programIDs) : null,
          from: dates.from,
          to: dates.to,
          sort: sort[1] as TransactionSortField,
          direction: sort[2] as SortDirection,
          offset: page.value.offset,
          limit: page.value.limit,
        })
        if (!result) {
          return sendError(c, 400, 'bad_request', 'An amount search takes an amount such as 125 or 125.50.')
        }
        return sendValidated(c, TransactionPageSchema, {
          data: {
            items: result.items.map(listItem),
            pagination: { offset: page.value.offset, limit: page.value.limit, total: result.total },
            summary: result.summary,
          },
        })
      })
      .get('/transactions/:id', (c) => {
        const ledger = ledgerOfToken(c, data())
        if (ledger instanceof Response) return ledger
        const index = ledger.indexById.get(c.req.param('id'))
        const record = index === undefined ? undefined : ledger.records[index]
        if (!record) return sendError(c, 404, 'not_found', 'No such transaction.')
        expireIfDue(record, Date.now())
        return sendValidated(c, TransactionResponseSchema, { data: transactionWire(record) })
      })
      .post(
        '/transactions/:id/settle',
        requireTransactionAction(SCOPES.txSettle),
        actionRoute('settle', { data }),
      )
      .post(
        '/transactions/:id/refund',
        requireTransactionAction(SCOPES.txRefund),
        actionRoute('refund', { data }),
      )
      .post(
        '/transactions/:id/cancel',
        requireTransactionAction(SCOPES.txCancel),
        actionRoute('cancel', { data }),
      )
  },
})
