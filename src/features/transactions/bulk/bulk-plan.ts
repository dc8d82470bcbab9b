import type { Abilities } from '../../../access/abilities'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import { actionLimit } from '../lifecycle'

/** The writes the bulk bar takes: the whole amount of an open authorization, settled or released. */
export type BulkAction = 'settle' | 'cancel'

/** Why a selected row is left out of a bulk action. */
export type SkipReason = 'noAccess' | 'disputed' | 'settled' | 'closed' | 'expired' | 'notAuthorization'

/**
 * Why `action` cannot run on the row, or null when it can. Whether it can is the lifecycle's rule
 * (`actionLimit`: an open authorization with something left); the status only picks the words.
 */
export function skipReason(
  item: TransactionListItem,
  action: BulkAction,
  abilities: Pick<Abilities, BulkAction>,
  now: number = Date.now(),
): SkipReason | null {
  if (!abilities[action]) return 'noAccess'
  if (actionLimit(item, action, now) > 0) return null
  switch (item.status) {
    case 'DISPUTED':
      return 'disputed'
    case 'SETTLED':
    case 'PARTIALLY_SETTLED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return 'settled'
    case 'CANCELLED':
      return 'closed'
    case 'AUTHORIZED':
    case 'EXPIRED':
      return 'expired'
    default:
      return 'notAuthorization'
  }
}

export interface BulkPlan {
  /** The rows the action will be sent for, in the selection's order. */
  included: TransactionListItem[]
  /** The rows left out, each with its reason. */
  skipped: { item: TransactionListItem; reason: SkipReason }[]
  /** What the included rows settle or release, in cents. */
  total: number
}

/** What a bulk action will do with the selected rows. */
export function planBulk(
  items: Iterable<TransactionListItem>,
  action: BulkAction,
  abilities: Pick<Abilities, BulkAction>,
  now: number = Date.now(),
): BulkPlan {
  const plan: BulkPlan = { included: [], skipped: [], total: 0 }
  for (const item of items) {
    const reason = skipReason(item, action, abilities, now)
    if (reason === null) {
      plan.included.push(item)
      plan.total += actionLimit(item, action, now)
    } else plan.skipped.push({ item, reason })
  }
  return plan
}
