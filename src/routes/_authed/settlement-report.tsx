import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../guards/guard'
import { UpcomingPage } from '../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/settlement-report')({
  beforeLoad: guard('settlementReport'),
  component: SettlementReportPage,
})

function SettlementReportPage() {
  return <UpcomingPage title={<Trans>Settlement report</Trans>} />
}
