import { msg } from '@lingui/core/macro'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { createFileRoute } from '@tanstack/react-router'
import { SETTLEMENT_MAX_DAYS } from '../../../../contract/settlements'
import { settlementReportQueryOptions } from '../../../features/settlements/api/settlement-queries'
import { SettlementReportPage } from '../../../features/settlements/components/settlement-report-page'
import { rangeDays } from '../../../features/settlements/range'
import { rangeFromSearch, settlementSearchSchema } from '../../../features/settlements/search'
import { guard } from '../../../guards/guard'
import { startReads } from '../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/settlement-report')({
  staticData: { nav: { label: msg`Settlement report`, order: 30, icon: IconFileSpreadsheet } },
  validateSearch: settlementSearchSchema,
  beforeLoad: guard('settlementReport'),
  loaderDeps: ({ search }) => ({ from: search.from, to: search.to }),
  loader: ({ context: { queryClient, services, merchant }, deps }) => {
    const range = rangeFromSearch(deps, merchant.timeZone)
    // Too long a range is never asked for: the page says why.
    if (rangeDays(range) <= SETTLEMENT_MAX_DAYS)
      startReads(queryClient, settlementReportQueryOptions(services.api, merchant.id, range))
  },
  component: SettlementReportPage,
})
