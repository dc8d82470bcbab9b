import type { Channel } from '../../contract/programs'
import {
  AUTHORIZATION_DAYS,
  type TransactionSortField,
  type TransactionStatus,
} from '../../contract/transactions'
import type { Random } from '../data/random'
import { catalogFor } from './carts-generate'
import type { MerchantRecord } from './merchants'
import type { ProgramRecord } from './programs'
import type { DetailSource } from './transactions-details'
import { copyDispute, type DisputeRecord, seedDisputes } from './transactions-disputes'
import { ACTORS, type History, history, remainingOf, type TimelineRecord } from './transactions-history'

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
 * sorted page with its summary over Acme's 50 000 takes a few milliseconds. A reset asks for the same
 * ledger again: generated ledgers are kept (see ledgerFor) and each store gets copies of their records,
 * which take a few milliseconds; the route tests reset the sandbox before almost every test. A
 * transaction's line items, addresses and plan are made only when its detail is read
 * (transactions-details.ts), from a stream of its own.
 */

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
  /** The customer's dispute (transactions-disputes.ts); its money returned is in the refunds. */
  dispute: DisputeRecord | null
}

export interface MerchantLedger {
  /** The merchant's time zone as it is now: a saved business profile changes it. */
  readonly timeZone: string
  /** Newest first. */
  records: readonly TransactionRecord[]
  indexById: ReadonlyMap<string, number>
  /**
   * Ascending orders of record indexes per sort field (createdAt needs none); status and deadline are
   * rebuilt after actions (see sortKeysChanged in transactions-list.ts).
   */
  orders: Map<Exclude<TransactionSortField, 'createdAt'>, Int32Array>
  /** What a transaction's detail is made from when it is read. */
  readonly details: DetailSource
}

export interface TransactionsData {
  /** The anchor all generated times count back from (ms since the epoch). */
  readonly now: number
  /** A merchant's ledger, generated on first use; undefined for an unknown merchant. */
  ledger(merchantID: string): MerchantLedger | undefined
}

const HISTORY_DAYS = 730
const DAY = 24 * 60 * 60 * 1000
const SANDBOX_STARTED_AT = Date.now()

export function anchorTime(): number {
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

/** One merchant's transactions, newest first; the same for the same seed and merchant. */
function generateLedger(
  random: Random,
  merchant: MerchantRecord,
  programs: readonly ProgramRecord[],
  count: number,
  now: number,
): GeneratedLedger {
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
        dispute: null,
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

  // Disputes draw from a stream of their own, so the rest of the ledger is the same with or without them.
  seedDisputes(random.fork('disputes'), merchant.id, records, now)

  return { records, indexById }
}

interface GeneratedLedger {
  records: readonly TransactionRecord[]
  indexById: ReadonlyMap<string, number>
}

/** Ledgers already generated, by everything generation reads; a few merchants' worth, oldest dropped first. */
const generatedLedgers = new Map<string, GeneratedLedger>()
const KEPT_LEDGERS = 8

/**
 * The ledger generateLedger would give, for a store of its own: its records are copies (actions change
 * them), the generated ones kept for the next store asking with the same seed, merchant, programs,
 * count and anchor. The time zone is the merchant's, read through as in generateLedger.
 */
export function ledgerFor(
  random: Random,
  merchant: MerchantRecord,
  programs: readonly ProgramRecord[],
  count: number,
  now: number,
): MerchantLedger {
  const key = [
    random.seed,
    merchant.id,
    merchant.name,
    count,
    now,
    ...programs.map((p) => `${p.id}:${p.channel}`),
  ].join('|')
  let generated = generatedLedgers.get(key)
  if (!generated) {
    generated = generateLedger(random, merchant, programs, count, now)
    generatedLedgers.set(key, generated)
    const oldest = generatedLedgers.keys().next()
    if (generatedLedgers.size > KEPT_LEDGERS && !oldest.done) generatedLedgers.delete(oldest.value)
  }
  return {
    get timeZone() {
      return merchant.timeZone
    },
    records: generated.records.map((record) =>
      record.dispute === null ? { ...record } : { ...record, dispute: copyDispute(record.dispute) },
    ),
    indexById: generated.indexById,
    orders: new Map(),
    details: {
      seed: random.seed,
      catalog: catalogFor(merchant),
      aprBPS: new Map(programs.map((program) => [program.id, program.displayInterestRateBPS])),
    },
  }
}
