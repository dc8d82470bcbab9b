import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/_settings/internal-settings')({
  beforeLoad: guard('internalSettings'),
  component: InternalSettingsPage,
})

function InternalSettingsPage() {
  return <UpcomingPage title={<Trans>Internal settings</Trans>} />
}
