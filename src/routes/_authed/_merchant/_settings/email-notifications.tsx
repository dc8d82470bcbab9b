import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EmailNotificationsPage } from '../../../../features/settings/notifications/email-notifications-page'
import { subscriptionsQueryOptions } from '../../../../features/settings/notifications/subscriptions-api'
import { guard } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/_settings/email-notifications')({
  staticData: { nav: { label: msg`Email notifications`, order: 40 } },
  beforeLoad: guard('emailNotifications'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    startReads(queryClient, subscriptionsQueryOptions(services.api, merchant.id)),
  component: EmailNotificationsPage,
})
