import {
  TRANSACTION_ACTIONS,
  type TransactionAction,
  type TransactionStatus,
} from '../../../contract/transactions'
import type { Abilities } from '../../access/abilities'
import { isKnown } from '../../api/schemas/common'
import type { TransactionListItem } from '../../api/schemas/transactions'

/** An open authorization this close to its expiry is marked "Expires soon". */
export const EXPIRES_SOON_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

type Lifecycle = Pick<TransactionListItem, 'status' | 'expiresAt' | 'amounts'>

const REFUNDABLE: ReadonlySet<TransactionStatus> = new Set([
  'SETTLED',
  'PARTIALLY_SETTLED',
  'PARTIALLY_REFUNDED',
])

export function isOpenAuthorization(tx: Lifecycle, now: number = Date.now()): boolean {
  return tx.status === 'AUTHORIZED' && tx.expiresAt.getTime() > now
}

/** An open authorization that expires within seven days. */
export function expiresSoon(tx: Lifecycle, now: number = Date.now()): boolean {
  return isOpenAuthorization(tx, now) && tx.expiresAt.getTime() - now <= EXPIRES_SOON_DAYS * DAY_MS
}

/**
 * The most an action may cover, in cents; 0 when the action does not apply. Settling and cancelling
 * work on an open authorization (all of it is still `remaining`); refunds on settled money that has
 * not been refunded yet (also `remaining`).
 */
export function actionLimit(tx: Lifecycle, action: TransactionAction, now: number = Date.now()): number {
  switch (action) {
    case 'settle':
    case 'cancel':
      return isOpenAuthorization(tx, now) ? tx.amounts.remaining : 0
    case 'refund':
      return isKnown([...REFUNDABLE], tx.status) ? tx.amounts.remaining : 0
  }
}

/** The actions a user may take on a transaction now: those of their abilities that apply to it. */
export function availableActions(
  tx: Lifecycle,
  abilities: Pick<Abilities, TransactionAction>,
  now: number = Date.now(),
): TransactionAction[] {
  return TRANSACTION_ACTIONS.filter((action) => abilities[action] && actionLimit(tx, action, now) > 0)
}
