import { Hono } from 'hono'
import type * as v from 'valibot'
import {
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  NotificationSubscriptionsResponseSchema,
  type NotificationSubscriptionsSchema,
  NotificationSubscriptionsUpdateSchema,
} from '../../contract/settings'
import type { ApiDeps, ApiEnv } from '../api/env'
import { refuseOtherMerchant, requireScope } from '../api/guards'
import { readBody, sendError, sendValidated } from '../api/http'
import { SCOPES } from '../data/personas'
import { SETTINGS_CREATED_AT } from './settings-profile'

export type NotificationSubscriptionsRecord = v.InferInput<typeof NotificationSubscriptionsSchema>

const FINANCE_EVENTS: readonly NotificationEvent[] = [
  'PAYOUT_SENT',
  'PAYOUT_FAILED',
  'SETTLEMENT_REPORT_READY',
  'BANK_INFORMATION_CHANGED',
]
const SUPPORT_EVENTS: readonly NotificationEvent[] = ['REFUND_ISSUED', 'DISPUTE_OPENED']

/** The first admin hears about everything; finance and support addresses about their part. */
export function generateSubscriptions(
  merchantID: string,
  admins: readonly string[],
  slug: string,
): NotificationSubscriptionsRecord {
  const [first] = admins
  return {
    merchantID,
    recipients: [
      ...(first ? [{ email: first, events: [...NOTIFICATION_EVENTS] }] : []),
      { email: `finance@${slug}.example`, events: [...FINANCE_EVENTS] },
      { email: `support@${slug}.example`, events: [...SUPPORT_EVENTS] },
    ],
    updatedAt: SETTINGS_CREATED_AT,
  }
}

export function notificationRoutes({ store }: ApiDeps) {
  const subscriptions = () => store().settings.subscriptions
  return new Hono<ApiEnv>()
    .get('/merchant/:merchantID/notification-subscriptions', requireScope(SCOPES.subscriptionRead), (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const current = subscriptions().get(merchantID)
      if (!current) return sendError(c, 404, 'not_found', 'No such merchant.')
      return sendValidated(c, NotificationSubscriptionsResponseSchema, { data: current })
    })
    .put(
      '/merchant/:merchantID/notification-subscriptions',
      requireScope(SCOPES.subscriptionWrite),
      async (c) => {
        const merchantID = c.req.param('merchantID')
        const refused = refuseOtherMerchant(c, merchantID)
        if (refused) return refused
        const current = subscriptions().get(merchantID)
        if (!current) return sendError(c, 404, 'not_found', 'No such merchant.')
        const body = await readBody(c, NotificationSubscriptionsUpdateSchema)
        if (!body.ok) return body.response
        const updated: NotificationSubscriptionsRecord = {
          ...current,
          recipients: body.value.recipients.map((recipient) => ({
            email: recipient.email.toLowerCase(),
            // Kept in the catalogue's order, whatever order the portal sent.
            events: NOTIFICATION_EVENTS.filter((event) => recipient.events.includes(event)),
          })),
          updatedAt: new Date().toISOString(),
        }
        subscriptions().set(merchantID, updated)
        return sendValidated(c, NotificationSubscriptionsResponseSchema, { data: updated })
      },
    )
}
