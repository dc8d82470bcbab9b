import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { placementsQueryOptions } from '../../../../features/settings/design/design-api'
import { PlacementDesignPage } from '../../../../features/settings/design/placement-design-page'
import { guard } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/_settings/placement-design')({
  staticData: { nav: { label: msg`Placement design`, order: 70 } },
  beforeLoad: guard('placementDesign'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    startReads(queryClient, placementsQueryOptions(services.api, merchant.id)),
  component: PlacementDesignPage,
})
