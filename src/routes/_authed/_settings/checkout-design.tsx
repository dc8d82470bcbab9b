import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/_settings/checkout-design')({
  beforeLoad: guard('checkoutDesign'),
  component: CheckoutDesignPage,
})

function CheckoutDesignPage() {
  return <UpcomingPage title={<Trans>Checkout design</Trans>} />
}
