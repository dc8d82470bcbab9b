import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../guards/guard'
import { UpcomingPage } from '../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/user-management')({
  beforeLoad: guard('userManagement'),
  component: UserManagementPage,
})

function UserManagementPage() {
  return <UpcomingPage title={<Trans>User management</Trans>} />
}
