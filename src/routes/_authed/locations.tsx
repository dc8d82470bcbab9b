import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../guards/guard'
import { UpcomingPage } from '../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/locations')({
  beforeLoad: guard('locations'),
  component: LocationsPage,
})

function LocationsPage() {
  return <UpcomingPage title={<Trans>Locations</Trans>} />
}
