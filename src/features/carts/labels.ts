import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CartEventType, CartStatus } from '../../../contract/carts'

export const CART_STATUS_LABELS: Record<CartStatus, MessageDescriptor> = {
  OPEN: msg`Open`,
  SENT: msg`Sent`,
  OPENED: msg`Opened`,
  COMPLETED: msg`Completed`,
  EXPIRED: msg`Expired`,
}

export const CART_STATUS_COLORS: Record<CartStatus, string> = {
  OPEN: 'blue',
  SENT: 'violet',
  OPENED: 'orange',
  COMPLETED: 'teal',
  EXPIRED: 'gray',
}

export const CART_EVENT_LABELS: Record<CartEventType, MessageDescriptor> = {
  CREATED: msg`Created`,
  UPDATED: msg`Edited`,
  SENT: msg`Link sent`,
  OPENED: msg`Opened by the customer`,
  COMPLETED: msg`Checkout completed`,
  EXPIRED: msg`Expired`,
}
