import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/_settings/location-verification-codes')({
  beforeLoad: guard('locationVerificationCodes'),
  component: LocationVerificationCodesPage,
})

function LocationVerificationCodesPage() {
  return <UpcomingPage title={<Trans>Location verification codes</Trans>} />
}
