import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AccessLevel, UserStatus } from '../../../contract/users'

export const USER_STATUS_LABELS: Record<UserStatus, MessageDescriptor> = {
  INVITED: msg`Invited`,
  ACTIVE: msg`Active`,
  DEACTIVATED: msg`Deactivated`,
}

export const USER_STATUS_COLORS: Record<UserStatus, string> = {
  INVITED: 'blue',
  ACTIVE: 'teal',
  DEACTIVATED: 'gray',
}

export const ACCESS_LEVEL_LABELS: Record<AccessLevel, MessageDescriptor> = {
  READ: msg`Read only`,
  'READ/WRITE': msg`Read and write`,
}

export const ACCESS_LEVEL_DESCRIPTIONS: Record<AccessLevel, MessageDescriptor> = {
  READ: msg`Sees transactions, carts, reports and settings, and changes nothing.`,
  'READ/WRITE': msg`Can also settle, refund and cancel transactions.`,
}
