import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { TimelineEventType, TransactionAction, TransactionStatus } from '../../../contract/transactions'
import type { SearchType } from './search'

export const STATUS_LABELS: Record<TransactionStatus, MessageDescriptor> = {
  AUTHORIZED: msg`Authorized`,
  SETTLED: msg`Settled`,
  PARTIALLY_SETTLED: msg`Partially settled`,
  PARTIALLY_REFUNDED: msg`Partially refunded`,
  REFUNDED: msg`Refunded`,
  CANCELLED: msg`Cancelled`,
  EXPIRED: msg`Expired`,
  DECLINED: msg`Declined`,
  DISPUTED: msg`Disputed`,
}

/** Colour only supports the label, never replaces it. */
export const STATUS_COLORS: Record<TransactionStatus, string> = {
  AUTHORIZED: 'blue',
  SETTLED: 'teal',
  PARTIALLY_SETTLED: 'cyan',
  PARTIALLY_REFUNDED: 'grape',
  REFUNDED: 'violet',
  CANCELLED: 'gray',
  EXPIRED: 'orange',
  DECLINED: 'red',
  DISPUTED: 'pink',
}

export const SEARCH_TYPE_LABELS: Record<SearchType, MessageDescriptor> = {
  Transaction: msg`Transaction ID`,
  Order: msg`Order ID`,
  CustomerName: msg`Customer name`,
  CustomerEmail: msg`Customer email`,
  Amount: msg`Amount`,
}

export const SEARCH_PLACEHOLDERS: Record<SearchType, MessageDescriptor> = {
  Transaction: msg`e.g. TX-7K2M9Q4P`,
  Order: msg`e.g. AO-1049213`,
  CustomerName: msg`e.g. Olivia Smith`,
  CustomerEmail: msg`e.g. olivia@example.com`,
  Amount: msg`e.g. 125.00`,
}

export const EVENT_LABELS: Record<TimelineEventType, MessageDescriptor> = {
  AUTHORIZED: msg`Authorized`,
  DECLINED: msg`Declined`,
  SETTLED: msg`Settled`,
  RELEASED: msg`Rest of authorization released`,
  REFUNDED: msg`Refunded`,
  CANCELLED: msg`Cancelled`,
  EXPIRED: msg`Authorization expired`,
}

export const ACTION_LABELS: Record<TransactionAction, MessageDescriptor> = {
  settle: msg`Settle`,
  refund: msg`Refund`,
  cancel: msg`Cancel authorization`,
}

/** Actors the platform names with a word rather than an email address. */
export const ACTOR_LABELS: Record<string, MessageDescriptor> = {
  customer: msg`Customer`,
  platform: msg`Platform`,
  api: msg`Your integration (API)`,
}
