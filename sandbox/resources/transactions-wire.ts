import type * as v from 'valibot'
import type { EvidenceFileSchema } from '../../contract/disputes'
import type { TransactionListItemSchema, TransactionSchema } from '../../contract/transactions'
import { transactionDetails } from './transactions-details'
import type { DisputeRecord, EvidenceRecord } from './transactions-disputes'
import { ACTORS, type TimelineRecord } from './transactions-history'
import type { MerchantLedger, TransactionRecord } from './transactions-ledger'

/*
 * A transaction as the API answers it: a list item, or the whole record with its timeline, its
 * dispute's story and its order details.
 */

type TransactionWire = v.InferInput<typeof TransactionSchema>
type ListItemWire = v.InferInput<typeof TransactionListItemSchema>
type DisputeSummaryWire = NonNullable<ListItemWire['dispute']>
type DisputeWire = NonNullable<TransactionWire['dispute']>

const iso = (at: number) => new Date(at).toISOString()

function disputeSummary(dispute: DisputeRecord): DisputeSummaryWire {
  return {
    reason: dispute.reason,
    amount: dispute.amount,
    openedAt: iso(dispute.openedAt),
    respondBy: iso(dispute.respondBy),
    status: dispute.status,
  }
}

export function evidenceWire(file: EvidenceRecord): v.InferInput<typeof EvidenceFileSchema> {
  return { ...file, uploadedAt: iso(file.uploadedAt) }
}

function disputeWire(dispute: DisputeRecord): DisputeWire {
  const { challenge } = dispute
  return {
    ...disputeSummary(dispute),
    timeline: dispute.events.map((event) => ({ ...event, at: iso(event.at) })),
    ...(challenge && {
      challenge: {
        submittedAt: iso(challenge.submittedAt),
        explanation: challenge.explanation,
        evidence: challenge.evidence.map(evidenceWire),
      },
    }),
  }
}

export function listItem(record: TransactionRecord): ListItemWire {
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
    dispute: record.dispute && disputeSummary(record.dispute),
  }
}

/** The whole story of a transaction, oldest first. */
function timelineOf(record: TransactionRecord): TimelineRecord[] {
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

/** The detail, as GET and every action answer it. */
export function transactionWire(
  record: TransactionRecord,
  ledger: Pick<MerchantLedger, 'details' | 'timeZone'>,
): TransactionWire {
  return {
    ...listItem(record),
    timeline: timelineOf(record).map((event) => ({ ...event, at: iso(event.at) })),
    dispute: record.dispute && disputeWire(record.dispute),
    ...transactionDetails(record, ledger.details, ledger.timeZone),
  }
}
