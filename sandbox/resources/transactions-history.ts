import type { Channel } from '../../contract/programs'
import {
  AUTHORIZATION_DAYS,
  type TimelineEventType,
  type TransactionStatus,
} from '../../contract/transactions'
import type { Random } from '../data/random'

/*
 * What happened to a generated authorization before the anchor: declined, cancelled, left to expire,
 * settled (in part or whole) and perhaps refunded, drawn from the merchant's random stream.
 */

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

export interface TimelineRecord {
  at: number
  type: TimelineEventType
  amount: number
  actor: string
}

/** Who acts in generated timelines; actions through the API record the user's email. */
export const ACTORS = { customer: 'customer', platform: 'platform', integration: 'api' } as const

/**
 * What happened to an authorization before the anchor, kept as plain numbers: 50 000 timelines of
 * objects cost more to build (and to collect) than the whole rest of the ledger, and only an opened
 * transaction needs its timeline (see timelineOf).
 */
export interface History {
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
export function history(
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

export function remainingOf(
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
