import { DISPUTE_ERROR_CODES } from '../../contract/disputes'
import type { TransactionAction, TransactionStatus } from '../../contract/transactions'
import { isOpen } from './transactions-disputes'
import { ACTORS } from './transactions-history'
import type { MerchantLedger, TransactionRecord } from './transactions-ledger'
import { sortKeysChanged } from './transactions-list'

/*
 * Settle, refund and cancel as the platform applies them, with the refusals it gives (in the words a
 * merchant reads), and the expiry of an authorization whose time ran out while the sandbox ran.
 */

/** An authorization whose 90 days ran out while the sandbox was running expires now (true when it did). */
export function expireIfDue(record: TransactionRecord, now: number): boolean {
  if (record.status !== 'AUTHORIZED' || record.expiresAt > now) return false
  record.actions ??= []
  record.status = 'EXPIRED'
  record.remaining = 0
  record.actions.push({
    at: record.expiresAt,
    type: 'EXPIRED',
    amount: record.authorized,
    actor: ACTORS.platform,
  })
  return true
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
  DISPUTED: 'disputed',
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
  if (expireIfDue(record, now)) sortKeysChanged(ledger)
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
      if (record.dispute && isOpen(record.dispute)) {
        return {
          code: DISPUTE_ERROR_CODES.transactionDisputed,
          message: `${state}: its customer's dispute is open, so it cannot be refunded. Accept the dispute to refund the disputed amount.`,
        }
      }
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
  sortKeysChanged(ledger)
  return null
}
