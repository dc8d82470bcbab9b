import type { DisputeStatus } from '../../../contract/disputes'
import type { Open } from '../../api/schemas/common'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

type Answerable = { status: Open<DisputeStatus>; respondBy: Date }

/** A dispute the merchant may still accept or challenge: awaiting a response, its deadline to come. */
export function isAnswerable(dispute: Answerable, now: number = Date.now()): boolean {
  return dispute.status === 'NEEDS_RESPONSE' && dispute.respondBy.getTime() > now
}

/**
 * The time left to answer, counted down and never rounded up (a dispute due in 1 day 23 hours has
 * "1 day" left): whole days from a day on, whole hours below, and under an hour once less is left.
 */
export type TimeLeft =
  | { unit: 'days' | 'hours'; count: number }
  | { unit: 'underAnHour' }
  | { unit: 'passed' }

export function timeLeft(respondBy: Date, now: number = Date.now()): TimeLeft {
  const left = respondBy.getTime() - now
  if (left <= 0) return { unit: 'passed' }
  if (left >= DAY_MS) return { unit: 'days', count: Math.floor(left / DAY_MS) }
  if (left >= HOUR_MS) return { unit: 'hours', count: Math.floor(left / HOUR_MS) }
  return { unit: 'underAnHour' }
}
