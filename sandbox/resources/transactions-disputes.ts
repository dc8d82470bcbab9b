import {
  DISPUTE_REASONS,
  type DisputeEventType,
  type DisputeStatus,
  type EvidenceContentType,
} from '../../contract/disputes'
import type { TransactionStatus } from '../../contract/transactions'
import { MERCHANT_IDS } from '../data/ids'
import type { Random } from '../data/random'
import { ACTORS } from './transactions-history'
import type { TransactionRecord } from './transactions-ledger'

/*
 * Disputes as the platform keeps them, and the ones generated for Acme Outdoor and Globex Home: every
 * status, some awaiting a response within days, one whose deadline passed unanswered. Their times
 * count from the anchor, like the transactions', so a dispute "due in 2 days" is due 2 days after the
 * sandbox started. The money an accepted or lost dispute returned is one more refund of its
 * transaction (history.refunds), so timelines, settlements and insights count it as any refund.
 */

export interface DisputeEventRecord {
  at: number
  type: DisputeEventType
  actor: string
}

export interface EvidenceRecord {
  id: string
  fileName: string
  contentType: EvidenceContentType
  size: number
  uploadedAt: number
}

export interface DisputeRecord {
  reason: (typeof DISPUTE_REASONS)[number]
  amount: number
  openedAt: number
  respondBy: number
  status: DisputeStatus
  /** Oldest first. */
  events: DisputeEventRecord[]
  challenge: { submittedAt: number; explanation: string; evidence: EvidenceRecord[] } | null
  /** Files uploaded for a challenge not sent yet; dropped once the dispute is answered. */
  uploads: EvidenceRecord[]
}

/** Days a merchant has to answer a dispute, from the day it opened. */
export const RESPONSE_DAYS = 20
const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

/** The merchants generated disputes belong to. */
const DISPUTED_MERCHANTS: ReadonlySet<string> = new Set([MERCHANT_IDS.acme, MERCHANT_IDS.globex])

/** One generated dispute: its outcome and when things happened (days; `respondIn` from the anchor). */
type Planned =
  | { status: 'NEEDS_RESPONSE'; respondIn: number; partial?: true }
  | { status: 'UNDER_REVIEW'; openedAgo: number; challengedAfter: number }
  | { status: 'WON' | 'LOST'; openedAgo: number; challengedAfter?: number; decidedAfter: number }
  | { status: 'ACCEPTED'; openedAgo: number; acceptedAfter: number; partial?: true }

const PLAN: readonly Planned[] = [
  // Awaiting a response: due in half a day, 2 and 5 days (in the needs-action week), 12 and 18 days.
  { status: 'NEEDS_RESPONSE', respondIn: 0.5 },
  { status: 'NEEDS_RESPONSE', respondIn: 2, partial: true },
  { status: 'NEEDS_RESPONSE', respondIn: 5 },
  { status: 'NEEDS_RESPONSE', respondIn: 12 },
  { status: 'NEEDS_RESPONSE', respondIn: 18 },
  // Its deadline passed two days ago without an answer: only the outcome can come now.
  { status: 'NEEDS_RESPONSE', respondIn: -2 },
  { status: 'UNDER_REVIEW', openedAgo: 30, challengedAfter: 4 },
  { status: 'UNDER_REVIEW', openedAgo: 9, challengedAfter: 2 },
  { status: 'WON', openedAgo: 75, challengedAfter: 6, decidedAfter: 40 },
  { status: 'WON', openedAgo: 160, challengedAfter: 3, decidedAfter: 35 },
  { status: 'LOST', openedAgo: 55, challengedAfter: 5, decidedAfter: 35 },
  // Never answered: lost the day after its deadline.
  { status: 'LOST', openedAgo: 210, decidedAfter: RESPONSE_DAYS + 1 },
  { status: 'ACCEPTED', openedAgo: 20, acceptedAfter: 1, partial: true },
  { status: 'ACCEPTED', openedAgo: 120, acceptedAfter: 3 },
]

const EXPLANATIONS = [
  'The order was delivered to the billing address and signed for; the carrier confirmation is attached.',
  'The customer collected the goods in store and signed the receipt, attached with the till record.',
  'The item matched its description; the photos taken at packing are attached.',
]
const EVIDENCE_FILES: readonly { fileName: string; contentType: EvidenceContentType }[] = [
  { fileName: 'delivery-confirmation.pdf', contentType: 'application/pdf' },
  { fileName: 'signed-receipt.jpg', contentType: 'image/jpeg' },
  { fileName: 'packing-photo.png', contentType: 'image/png' },
]

/** What a dispute's transaction may be: settled money not refunded, before the dispute opened. */
function disputable(record: TransactionRecord, openedAt: number): boolean {
  const past = record.history
  const lastMoney = Math.max(past.settledAt, ...(past.refunds ?? []).map((refund) => refund.at))
  return (
    record.dispute === null &&
    record.remaining > 0 &&
    past.settledAt > 0 &&
    lastMoney < openedAt - HOUR &&
    (record.status === 'SETTLED' ||
      record.status === 'PARTIALLY_SETTLED' ||
      record.status === 'PARTIALLY_REFUNDED')
  )
}

/** The first index (records are newest first) of a record made at or before `at`. */
function firstAtOrBefore(records: readonly TransactionRecord[], at: number): number {
  let low = 0
  let high = records.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((records[middle] as TransactionRecord).createdAt > at) low = middle + 1
    else high = middle
  }
  return low
}

/** A transaction made 3 to 60 days before `openedAt` that can be disputed then, if there is one. */
function pickTransaction(
  random: Random,
  records: readonly TransactionRecord[],
  openedAt: number,
): TransactionRecord | undefined {
  const from = firstAtOrBefore(records, openedAt - 3 * DAY)
  const to = firstAtOrBefore(records, openedAt - 60 * DAY)
  if (to <= from) return undefined
  for (let tries = 0; tries < 200; tries++) {
    const record = records[random.int(from, to - 1)] as TransactionRecord
    if (disputable(record, openedAt)) return record
  }
  return records.slice(from, to).find((record) => disputable(record, openedAt))
}

/** The status a transaction's amounts give it once no dispute holds it. */
export function settledStatus(record: TransactionRecord): TransactionStatus {
  if (record.refunded === 0) return record.settled < record.authorized ? 'PARTIALLY_SETTLED' : 'SETTLED'
  return record.remaining === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED'
}

/** Whether the time to answer the dispute is over (at `respondBy` itself it is). */
export function deadlinePassed(dispute: DisputeRecord, now: number): boolean {
  return now >= dispute.respondBy
}

/** Whether the dispute holds its transaction in DISPUTED. */
export function isOpen(dispute: DisputeRecord): boolean {
  return dispute.status === 'NEEDS_RESPONSE' || dispute.status === 'UNDER_REVIEW'
}

function seededDispute(
  random: Random,
  planned: Planned,
  reason: DisputeRecord['reason'],
  openedAt: number,
  amount: number,
): DisputeRecord {
  const dispute: DisputeRecord = {
    reason,
    amount,
    openedAt,
    respondBy: openedAt + RESPONSE_DAYS * DAY,
    status: planned.status,
    events: [{ at: openedAt, type: 'OPENED', actor: ACTORS.customer }],
    challenge: null,
    uploads: [],
  }
  const challengedAfter = 'challengedAfter' in planned ? planned.challengedAfter : undefined
  if (challengedAfter !== undefined) {
    const submittedAt = openedAt + challengedAfter * DAY
    const evidence = EVIDENCE_FILES.slice(0, random.int(1, EVIDENCE_FILES.length)).map((file) => ({
      ...file,
      id: random.uuid(),
      size: random.int(40_000, 900_000),
      uploadedAt: submittedAt - random.int(5, 50) * 60_000,
    }))
    dispute.challenge = { submittedAt, explanation: random.pick(EXPLANATIONS), evidence }
    dispute.events.push({ at: submittedAt, type: 'CHALLENGED', actor: ACTORS.integration })
  }
  if (planned.status === 'WON' || planned.status === 'LOST') {
    const at = openedAt + planned.decidedAfter * DAY
    dispute.events.push({ at, type: planned.status, actor: ACTORS.platform })
  }
  if (planned.status === 'ACCEPTED') {
    const at = openedAt + planned.acceptedAfter * DAY
    dispute.events.push({ at, type: 'ACCEPTED', actor: ACTORS.integration })
  }
  return dispute
}

/** Gives the planned disputes to transactions of a disputed merchant (nothing for the others). */
export function seedDisputes(
  random: Random,
  merchantID: string,
  records: readonly TransactionRecord[],
  now: number,
): void {
  if (!DISPUTED_MERCHANTS.has(merchantID)) return
  PLAN.forEach((planned, index) => {
    // Awaiting ones are due at a fixed time from the anchor; the others opened at some hour of their day.
    const openedAt =
      planned.status === 'NEEDS_RESPONSE'
        ? now + (planned.respondIn - RESPONSE_DAYS) * DAY
        : now - planned.openedAgo * DAY + random.int(0, 12) * HOUR
    const record = pickTransaction(random, records, openedAt)
    if (!record) return
    const partial = 'partial' in planned && planned.partial === true
    const amount = partial ? Math.max(1, Math.round(record.remaining * 0.4)) : record.remaining
    // Reasons in turn, so that each merchant has every one.
    const reason = DISPUTE_REASONS[index % DISPUTE_REASONS.length] ?? 'GENERAL'
    const dispute = seededDispute(random, planned, reason, openedAt, amount)
    record.dispute = dispute
    const returned = dispute.events.find((event) => event.type === 'ACCEPTED' || event.type === 'LOST')
    if (returned) {
      const refund = { at: returned.at, type: 'REFUNDED' as const, amount, actor: returned.actor }
      record.refunded += amount
      record.remaining -= amount
      const refunds = [...(record.history.refunds ?? []), refund]
      record.history = { ...record.history, refunded: record.refunded, refunds }
    }
    record.status = isOpen(dispute) ? 'DISPUTED' : settledStatus(record)
  })
}

/** A store's own copy of a generated dispute (its answers change it). */
export function copyDispute(dispute: DisputeRecord): DisputeRecord {
  return {
    ...dispute,
    events: [...dispute.events],
    challenge: dispute.challenge && { ...dispute.challenge, evidence: [...dispute.challenge.evidence] },
    uploads: [...dispute.uploads],
  }
}
