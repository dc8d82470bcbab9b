import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DisputeEventType, DisputeReason, DisputeStatus } from '../../../contract/disputes'

// Only the drawer shows these: kept apart from labels.ts, which the list's first load carries.

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, MessageDescriptor> = {
  NEEDS_RESPONSE: msg`Needs response`,
  UNDER_REVIEW: msg`Under review`,
  WON: msg`Won`,
  LOST: msg`Lost`,
  ACCEPTED: msg`Accepted`,
}

/** Colour only supports the label. */
export const DISPUTE_STATUS_COLORS: Record<DisputeStatus, string> = {
  NEEDS_RESPONSE: 'red',
  UNDER_REVIEW: 'blue',
  WON: 'teal',
  LOST: 'gray',
  ACCEPTED: 'violet',
}

export const DISPUTE_REASON_LABELS: Record<DisputeReason, MessageDescriptor> = {
  FRAUDULENT: msg`Fraudulent: the customer says they did not make this purchase`,
  PRODUCT_NOT_RECEIVED: msg`Product not received`,
  PRODUCT_UNACCEPTABLE: msg`Product unacceptable: not as described or defective`,
  DUPLICATE: msg`Duplicate: charged more than once`,
  CREDIT_NOT_PROCESSED: msg`Credit not processed: a promised refund did not arrive`,
  UNRECOGNIZED: msg`Unrecognized: the customer does not recognize the charge`,
  GENERAL: msg`General`,
}

export const DISPUTE_EVENT_LABELS: Record<DisputeEventType, MessageDescriptor> = {
  OPENED: msg`Dispute opened`,
  ACCEPTED: msg`Dispute accepted`,
  CHALLENGED: msg`Dispute challenged`,
  WON: msg`Dispute won`,
  LOST: msg`Dispute lost`,
}
