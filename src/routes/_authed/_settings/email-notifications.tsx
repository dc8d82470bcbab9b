import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/_settings/email-notifications')({
  beforeLoad: guard('emailNotifications'),
  component: EmailNotificationsPage,
})

function EmailNotificationsPage() {
  return <UpcomingPage title={<Trans>Email notifications</Trans>} />
}
