import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ActivityKind, ActivityTargetType } from '../../../../contract/activity'

/** What each recorded kind is called; a kind the portal does not know is shown as the platform wrote it. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, MessageDescriptor> = {
  'transaction.settled': msg`Transaction settled`,
  'transaction.refunded': msg`Transaction refunded`,
  'transaction.cancelled': msg`Transaction cancelled`,
  'dispute.accepted': msg`Dispute accepted`,
  'dispute.challenged': msg`Dispute challenged`,
  'dispute.evidence_uploaded': msg`Dispute evidence uploaded`,
  'cart.created': msg`Cart created`,
  'cart.updated': msg`Cart updated`,
  'cart.sent': msg`Cart sent`,
  'cart.expired': msg`Cart expired`,
  'user.invited': msg`User invited`,
  'user.invitation_resent': msg`Invitation sent again`,
  'user.deactivated': msg`User deactivated`,
  'user.reactivated': msg`User reactivated`,
  'user.access_changed': msg`Access level changed`,
  'settings.saved': msg`Settings saved`,
  'key.created': msg`Access key created`,
  'key.rotated': msg`Access key rotated`,
  'key.revoked': msg`Access key revoked`,
  'bank.changed': msg`Bank account changed`,
  'card.issued': msg`Virtual card issued`,
  'location.updated': msg`Location updated`,
  'enrollment.created': msg`Enrollment created`,
  'enrollment.updated': msg`Enrollment updated`,
  'enrollment.deleted': msg`Enrollment deleted`,
  'password.changed': msg`Password changed`,
  'export.requested': msg`Export requested`,
}

/** What an entry touched; an unknown type is shown raw. */
export const ACTIVITY_TARGET_LABELS: Record<ActivityTargetType, MessageDescriptor> = {
  transaction: msg`Transaction`,
  cart: msg`Cart`,
  user: msg`User`,
  settings: msg`Settings`,
  access_key: msg`Access key`,
  bank_account: msg`Bank account`,
  virtual_card: msg`Virtual card`,
  location: msg`Location`,
  enrollment: msg`Enrollment`,
  targeting_export: msg`Targeting export`,
}
