import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import {
  MAX_RECIPIENTS,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationSubscriptionsUpdate,
  type Recipient,
  RecipientSchema,
} from '../../../../contract/settings'
import type { NotificationSubscriptions } from '../../../api/schemas/settings'

export interface SubscriptionValues {
  recipients: Recipient[]
}

export function subscriptionValues(subscriptions: NotificationSubscriptions): SubscriptionValues {
  return { recipients: subscriptions.recipients.map(({ email, events }) => ({ email, events: [...events] })) }
}

export function subscriptionsSchema(
  i18n: I18n,
): v.GenericSchema<SubscriptionValues, NotificationSubscriptionsUpdate> {
  return v.object({
    recipients: v.pipe(
      v.array(
        v.object({
          email: v.pipe(v.string(), v.email(i18n._(msg`This is not an email address.`))),
          events: v.pipe(
            v.array(v.picklist(NOTIFICATION_EVENTS)),
            v.minLength(1, i18n._(msg`Choose at least one email, or remove this recipient.`)),
          ),
        }),
      ),
      v.maxLength(MAX_RECIPIENTS, i18n._(msg`At most ${MAX_RECIPIENTS} recipients.`)),
    ),
  })
}

export interface NewRecipientValues {
  email: string
}

/**
 * The "add a recipient" field: an email address not on the list yet, while the list has room. Its output
 * is the address as it is stored (trimmed, in lower case).
 */
export function newRecipientSchema(
  recipients: readonly Recipient[],
  i18n: I18n,
): v.GenericSchema<NewRecipientValues, NewRecipientValues> {
  return v.object({
    email: v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.email(i18n._(msg`Enter an email address such as finance@example.com.`)),
      v.check(
        (email) => !recipients.some((recipient) => recipient.email.toLowerCase() === email),
        i18n._(msg`This address is already a recipient.`),
      ),
      v.check(
        () => recipients.length < MAX_RECIPIENTS,
        i18n._(msg`At most ${MAX_RECIPIENTS} recipients. Remove one first.`),
      ),
    ),
  })
}

export const EVENT_TEXT: Record<
  NotificationEvent,
  { label: MessageDescriptor; description: MessageDescriptor }
> = {
  PAYOUT_SENT: { label: msg`Payout sent`, description: msg`A payout left for your bank account` },
  PAYOUT_FAILED: { label: msg`Payout failed`, description: msg`Your bank returned a payout` },
  SETTLEMENT_REPORT_READY: {
    label: msg`Settlement report ready`,
    description: msg`The daily settlement report can be downloaded`,
  },
  REFUND_ISSUED: { label: msg`Refund issued`, description: msg`A customer was refunded` },
  DISPUTE_OPENED: { label: msg`Dispute opened`, description: msg`A customer disputed a purchase` },
  BANK_INFORMATION_CHANGED: {
    label: msg`Bank information changed`,
    description: msg`Someone changed the account payouts go to`,
  },
}

/** Events in the catalogue's order, whatever order they were ticked in. */
export function orderedEvents(events: readonly string[]): NotificationEvent[] {
  return NOTIFICATION_EVENTS.filter((event) => events.includes(event))
}

/** The recipients as edited, for a draft kept across a sign-in (src/drafts). */
export const subscriptionsDraftShape: v.GenericSchema<unknown, SubscriptionValues> = v.strictObject({
  recipients: v.pipe(v.array(RecipientSchema), v.maxLength(MAX_RECIPIENTS)),
})
