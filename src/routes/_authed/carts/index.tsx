import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/carts/')({
  beforeLoad: guard('carts'),
  component: CartsPage,
})

function CartsPage() {
  return <UpcomingPage title={<Trans>Carts</Trans>} />
}
