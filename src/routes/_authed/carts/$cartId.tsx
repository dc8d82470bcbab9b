import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/carts/$cartId')({
  beforeLoad: guard('carts'),
  component: CartPage,
})

function CartPage() {
  return <UpcomingPage title={<Trans>Cart</Trans>} />
}
