import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/_settings/funding-settings')({
  beforeLoad: guard('fundingSettings'),
  component: FundingSettingsPage,
})

function FundingSettingsPage() {
  return <UpcomingPage title={<Trans>Funding settings</Trans>} />
}
