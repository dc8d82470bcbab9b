import { createFileRoute } from '@tanstack/react-router'
import {
  EXPORT_HISTORY_PAGE_SIZE,
  exportHistoryQueryOptions,
} from '../../../features/targeting/api/targeting-queries'
import { TargetingExportPage } from '../../../features/targeting/components/targeting-export-page'
import { guard } from '../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/targeting-export')({
  beforeLoad: guard('targetingExport'),
  loader: async ({ context: { queryClient, services, merchant } }) => {
    // A failure is the page's to show (the form still works), not the route's.
    await queryClient
      .ensureQueryData(
        exportHistoryQueryOptions(services.api, merchant.id, 1, EXPORT_HISTORY_PAGE_SIZE, null),
      )
      .catch(() => undefined)
  },
  component: TargetingExportPage,
})
