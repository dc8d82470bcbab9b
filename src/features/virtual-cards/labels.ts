import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { VirtualCardStatus } from '../../../contract/virtual-cards'

export const STATUS_LABELS: Record<VirtualCardStatus, MessageDescriptor> = {
  ACTIVE: msg`Ready to use`,
  USED: msg`Used`,
  EXPIRED: msg`Expired`,
}

/** Colour only supports the label, never replaces it. */
export const STATUS_COLORS: Record<VirtualCardStatus, string> = {
  ACTIVE: 'teal',
  USED: 'gray',
  EXPIRED: 'orange',
}
