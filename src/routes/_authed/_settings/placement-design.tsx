import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/_settings/placement-design')({
  beforeLoad: guard('placementDesign'),
  component: PlacementDesignPage,
})

function PlacementDesignPage() {
  return <UpcomingPage title={<Trans>Placement design</Trans>} />
}
