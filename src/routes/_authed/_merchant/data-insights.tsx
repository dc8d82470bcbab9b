import { msg } from '@lingui/core/macro'
import { IconChartBar } from '@tabler/icons-react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { insightsQueryOptions } from '../../../features/insights/api/insights-queries'
import { InsightsPage } from '../../../features/insights/components/insights-page'
import { loadInsightsCharts } from '../../../features/insights/components/load-charts'
import {
  INSIGHT_SEARCH_DEFAULTS,
  insightsParams,
  insightsSearchSchema,
} from '../../../features/insights/search'
import { guard } from '../../../guards/guard'
import { startReads } from '../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/data-insights')({
  staticData: { nav: { label: msg`Data insights`, order: 20, icon: IconChartBar } },
  validateSearch: insightsSearchSchema,
  search: { middlewares: [stripSearchParams(INSIGHT_SEARCH_DEFAULTS)] },
  beforeLoad: guard('dataInsights'),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, services, merchant }, deps }) => {
    // The figures and the chart code load side by side while the page shows its skeletons.
    void loadInsightsCharts()
    startReads(
      queryClient,
      insightsQueryOptions(services.api, merchant.id, insightsParams(deps, merchant.timeZone)),
    )
  },
  component: InsightsPage,
})
