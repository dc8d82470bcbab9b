import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../guards/guard'
import { UpcomingPage } from '../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/transactions')({
  beforeLoad: guard('transactions'),
  component: TransactionsPage,
})

function TransactionsPage() {
  return <UpcomingPage title={<Trans>Transactions</Trans>} />
}
