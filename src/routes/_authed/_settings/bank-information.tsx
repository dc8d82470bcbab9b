import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/_settings/bank-information')({
  beforeLoad: guard('bankInformation'),
  component: BankInformationPage,
})

function BankInformationPage() {
  return <UpcomingPage title={<Trans>Bank information</Trans>} />
}
