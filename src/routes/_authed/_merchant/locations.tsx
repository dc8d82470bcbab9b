import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { locationListQueryOptions } from '../../../features/locations/api/location-queries'
import { LocationsPage } from '../../../features/locations/components/locations-page'
import {
  LOCATION_SEARCH_DEFAULTS,
  locationListParams,
  locationSearchSchema,
} from '../../../features/locations/search'
import { guard } from '../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/locations')({
  validateSearch: locationSearchSchema,
  search: { middlewares: [stripSearchParams(LOCATION_SEARCH_DEFAULTS)] },
  beforeLoad: guard('locations'),
  loaderDeps: ({ search }) => locationListParams(search),
  loader: async ({ context: { queryClient, services, merchant }, deps, cause }) => {
    if (cause === 'stay') return
    // A failure is the page's to show (with Try again), not the route's.
    await queryClient
      .ensureQueryData(locationListQueryOptions(services.api, merchant.id, deps))
      .catch(() => undefined)
  },
  component: LocationsPage,
})
