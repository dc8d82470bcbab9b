import { createFileRoute } from '@tanstack/react-router'
import { EmailNotificationsPage } from '../../../../features/settings/notifications/email-notifications-page'
import { subscriptionsQueryOptions } from '../../../../features/settings/notifications/subscriptions-api'
import { guard } from '../../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/_settings/email-notifications')({
  beforeLoad: guard('emailNotifications'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    queryClient.ensureQueryData(subscriptionsQueryOptions(services.api, merchant.id)),
  component: EmailNotificationsPage,
})
