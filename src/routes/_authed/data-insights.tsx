import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../guards/guard'
import { UpcomingPage } from '../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/data-insights')({
  beforeLoad: guard('dataInsights'),
  component: DataInsightsPage,
})

function DataInsightsPage() {
  return <UpcomingPage title={<Trans>Data insights</Trans>} />
}
