import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/carts/create')({
  beforeLoad: guard('cartCreate'),
  component: CreateCartPage,
})

function CreateCartPage() {
  return <UpcomingPage title={<Trans>Create cart</Trans>} />
}
