import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../guards/guard'
import { UpcomingPage } from '../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/targeting-export')({
  beforeLoad: guard('targetingExport'),
  component: TargetingExportPage,
})

function TargetingExportPage() {
  return <UpcomingPage title={<Trans>Targeting export</Trans>} />
}
