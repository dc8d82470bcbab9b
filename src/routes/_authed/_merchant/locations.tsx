import { msg } from '@lingui/core/macro'
import { IconBuildingStore } from '@tabler/icons-react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { locationListQueryOptions } from '../../../features/locations/api/location-queries'
import { LocationsPage } from '../../../features/locations/components/locations-page'
import {
  LOCATION_SEARCH_DEFAULTS,
  locationListParams,
  locationSearchSchema,
} from '../../../features/locations/search'
import { guard } from '../../../guards/guard'
import { startReads } from '../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/locations')({
  staticData: { nav: { label: msg`Locations`, order: 60, icon: IconBuildingStore } },
  validateSearch: locationSearchSchema,
  search: { middlewares: [stripSearchParams(LOCATION_SEARCH_DEFAULTS)] },
  beforeLoad: guard('locations'),
  loaderDeps: ({ search }) => locationListParams(search),
  loader: ({ context: { queryClient, services, merchant }, deps }) =>
    startReads(queryClient, locationListQueryOptions(services.api, merchant.id, deps)),
  component: LocationsPage,
})
