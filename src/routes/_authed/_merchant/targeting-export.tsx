import { msg } from '@lingui/core/macro'
import { IconTarget } from '@tabler/icons-react'
import { createFileRoute } from '@tanstack/react-router'
import {
  EXPORT_HISTORY_PAGE_SIZE,
  exportHistoryQueryOptions,
} from '../../../features/targeting/api/targeting-queries'
import { TargetingExportPage } from '../../../features/targeting/components/targeting-export-page'
import { guard } from '../../../guards/guard'
import { startReads } from '../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/targeting-export')({
  staticData: { nav: { label: msg`Targeting export`, order: 40, icon: IconTarget } },
  beforeLoad: guard('targetingExport'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    startReads(
      queryClient,
      exportHistoryQueryOptions(services.api, merchant.id, 1, EXPORT_HISTORY_PAGE_SIZE, null),
    ),
  component: TargetingExportPage,
})
