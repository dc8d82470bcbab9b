import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/_settings/payment-products')({
  beforeLoad: guard('paymentProducts'),
  component: PaymentProductsPage,
})

function PaymentProductsPage() {
  return <UpcomingPage title={<Trans>Payment products</Trans>} />
}
