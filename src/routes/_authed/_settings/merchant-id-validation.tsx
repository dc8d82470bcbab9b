import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/_settings/merchant-id-validation')({
  beforeLoad: guard('merchantIdValidation'),
  component: MerchantIdValidationPage,
})

function MerchantIdValidationPage() {
  return <UpcomingPage title={<Trans>Merchant ID validation</Trans>} />
}
