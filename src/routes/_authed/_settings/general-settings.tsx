import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/_settings/general-settings')({
  beforeLoad: guard('accountSettings'),
  component: AccountSettingsPage,
})

function AccountSettingsPage() {
  return <UpcomingPage title={<Trans>Account settings</Trans>} />
}
