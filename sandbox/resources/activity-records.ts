import type * as v from 'valibot'
import {
  ACTIVITY_VALUE_MAX,
  type ActivityChange,
  type ActivityEntrySchema,
  type ActivityKind,
  SETTINGS_PAGES,
} from '../../contract/activity'
import { MERCHANT_IDS } from '../data/ids'
import type { Random } from '../data/random'
import type { UserRecord } from './users-records'

/*
 * The activity log's records and what keeps secrets out of them: every value an entry holds goes
 * through redactChanges(), which drops secrets, passwords, CVVs and tokens and cuts card and account
 * numbers to their last four digits, whatever the rule that recorded it wrote.
 */

export type ActivityWire = v.InferInput<typeof ActivityEntrySchema>

export interface ActivityRecord extends Omit<ActivityWire, 'at'> {
  /** ms since the epoch (the sandbox clock). */
  at: number
}

export interface ActivityData {
  /** A merchant's entries, oldest first; undefined for an unknown merchant. */
  of(merchantID: string): ActivityRecord[] | undefined
}

/** Values never written to the log, by field name. */
const SECRET_FIELD = /secret|password|cvv|token|otp/i
/** Card and account numbers: only their last four digits are written. */
const NUMBER_FIELD = /accountNumber|cardNumber|^number$|\.number$/i

const LONG_NUMBER = /(?<![\w-])\d{9,19}(?![\w-])/g

export function maskNumber(value: string): string {
  const digits = value.replace(/\D/g, '')
  return `•••• ${digits.slice(-4)}`
}

function cut(value: string): string {
  return value.length > ACTIVITY_VALUE_MAX ? `${value.slice(0, ACTIVITY_VALUE_MAX - 1)}…` : value
}

function clean(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  // A standalone run of 9 to 19 digits (a card or account number pasted into a text field) keeps its
  // last four; digits inside an id (a UUID's last group) are left alone.
  const masked = NUMBER_FIELD.test(field) ? maskNumber(value) : value.replace(LONG_NUMBER, maskNumber)
  return cut(masked)
}

export function redactChanges(changes: readonly ActivityChange[]): ActivityChange[] {
  return changes
    .filter((change) => !SECRET_FIELD.test(change.field))
    .map(({ field, before, after }) => {
      const entry: ActivityChange = { field }
      const cleanBefore = clean(field, before)
      const cleanAfter = clean(field, after)
      if (cleanBefore !== undefined) entry.before = cleanBefore
      if (cleanAfter !== undefined) entry.after = cleanAfter
      return entry
    })
}

export function activityWire(record: ActivityRecord): ActivityWire {
  return { ...record, at: new Date(record.at).toISOString() }
}

export const ACME_ACTIVITY_COUNT = 3_000
const OTHER_ACTIVITY_COUNT = 24
const SEED_DAYS = 180
const DAY_MS = 24 * 60 * 60 * 1000

interface SeedKind {
  kind: ActivityKind
  make(random: Random): Pick<ActivityRecord, 'target' | 'changes'>
}

const money = (random: Random) => (random.int(500, 250_000) / 100).toFixed(2)

const SEED_KINDS: readonly SeedKind[] = [
  {
    kind: 'transaction.settled',
    make: (random) => ({
      target: { type: 'transaction', id: random.uuid(), label: `ORD-${random.int(100_000, 999_999)}` },
      changes: [
        { field: 'status', before: 'AUTHORIZED', after: 'SETTLED' },
        { field: 'settled', before: '0.00', after: money(random) },
      ],
    }),
  },
  {
    kind: 'transaction.refunded',
    make: (random) => ({
      target: { type: 'transaction', id: random.uuid(), label: `ORD-${random.int(100_000, 999_999)}` },
      changes: [{ field: 'refunded', before: '0.00', after: money(random) }],
    }),
  },
  {
    kind: 'transaction.cancelled',
    make: (random) => ({
      target: { type: 'transaction', id: random.uuid(), label: `ORD-${random.int(100_000, 999_999)}` },
      changes: [{ field: 'status', before: 'AUTHORIZED', after: 'CANCELLED' }],
    }),
  },
  {
    kind: 'cart.created',
    make: (random) => ({
      target: { type: 'cart', id: random.uuid(), label: `CART-${random.int(1000, 9999)}` },
      changes: [{ field: 'status', after: 'OPEN' }],
    }),
  },
  {
    kind: 'cart.sent',
    make: (random) => ({
      target: { type: 'cart', id: random.uuid(), label: `CART-${random.int(1000, 9999)}` },
      changes: [{ field: 'status', before: 'OPEN', after: 'SENT' }],
    }),
  },
  {
    kind: 'settings.saved',
    make: (random) => {
      const page = random.pick(SETTINGS_PAGES.filter((candidate) => candidate !== 'internal-values'))
      return { target: { type: 'settings', id: page, label: page }, changes: [{ field: 'updated' }] }
    },
  },
  {
    kind: 'user.access_changed',
    make: (random) => ({
      target: { type: 'user', id: random.uuid(), label: `staff${random.int(1, 99)}@example.test` },
      changes: [{ field: 'accessLevel', before: 'READ', after: 'READ/WRITE' }],
    }),
  },
]

/** Earlier activity, so that the log has pages to turn: thousands for Acme Outdoor, a few elsewhere. */
export function seedActivity(
  merchantID: string,
  staff: readonly UserRecord[],
  anchor: number,
  random: Random,
): ActivityRecord[] {
  const actors = staff.filter((user) => user.status !== 'INVITED')
  if (actors.length === 0) return []
  const count = merchantID === MERCHANT_IDS.acme ? ACME_ACTIVITY_COUNT : OTHER_ACTIVITY_COUNT
  const records: ActivityRecord[] = []
  for (let index = 0; index < count; index += 1) {
    const actor = random.pick(actors)
    const seed = random.pick(SEED_KINDS)
    const made = seed.make(random)
    records.push({
      id: random.uuid(),
      at: anchor - random.int(60_000, SEED_DAYS * DAY_MS),
      merchantID,
      actor: { id: actor.id, email: actor.email, ...(actor.name ? { name: actor.name } : {}) },
      kind: seed.kind,
      target: made.target,
      changes: redactChanges(made.changes),
    })
  }
  return records.sort((a, b) => a.at - b.at)
}
