import { createFileRoute } from '@tanstack/react-router'
import { SETTLEMENT_MAX_DAYS } from '../../../../contract/settlements'
import { settlementReportQueryOptions } from '../../../features/settlements/api/settlement-queries'
import { SettlementReportPage } from '../../../features/settlements/components/settlement-report-page'
import { rangeDays } from '../../../features/settlements/range'
import { rangeFromSearch, settlementSearchSchema } from '../../../features/settlements/search'
import { guard } from '../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/settlement-report')({
  validateSearch: settlementSearchSchema,
  beforeLoad: guard('settlementReport'),
  loaderDeps: ({ search }) => ({ from: search.from, to: search.to }),
  loader: async ({ context: { queryClient, services, merchant }, deps, cause }) => {
    // Entering the page waits for its first figures; a range change keeps them on screen instead.
    if (cause === 'stay') return
    const range = rangeFromSearch(deps, merchant.timeZone)
    if (rangeDays(range) > SETTLEMENT_MAX_DAYS) return
    // A failure is the page's to show (with the range still there to change), not the route's.
    await queryClient
      .ensureQueryData(settlementReportQueryOptions(services.api, merchant.id, range))
      .catch(() => undefined)
  },
  component: SettlementReportPage,
})
