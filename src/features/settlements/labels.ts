import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SettlementEntryType, SettlementStatus } from '../../../contract/settlements'

export const SETTLEMENT_STATUS_LABELS: Record<SettlementStatus, MessageDescriptor> = {
  OPEN: msg`Open`,
  IN_TRANSIT: msg`In transit`,
  PAID: msg`Paid`,
}

/** What each status means for the merchant's money, for the badge's tooltip and screen readers. */
export const SETTLEMENT_STATUS_HINTS: Record<SettlementStatus, MessageDescriptor> = {
  OPEN: msg`Still collecting today's settlements and refunds`,
  IN_TRANSIT: msg`Closed; the payout is on its way to your bank`,
  PAID: msg`Paid out to your bank`,
}

/** Colour only supports the label, never replaces it. */
export const SETTLEMENT_STATUS_COLORS: Record<SettlementStatus, string> = {
  OPEN: 'blue',
  IN_TRANSIT: 'orange',
  PAID: 'teal',
}

export const ENTRY_TYPE_LABELS: Record<SettlementEntryType, MessageDescriptor> = {
  SETTLED: msg`Sale`,
  // A noun here (the kind of entry), where the transactions page's "Refund" is the action's verb.
  REFUNDED: msg({ message: 'Refund', context: 'settlement entry type' }),
}
