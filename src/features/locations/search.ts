import type * as v from 'valibot'
import type { LocationStatus } from '../../../contract/locations'
import { LOCATION_STATUSES } from '../../../contract/values'
import { LIST_SEARCH_DEFAULTS, type ListParams, listParams, listSearchSchema } from '../../shared/list-search'

export const LOCATION_PAGE_SIZE = 25
export const LOCATION_SEARCH_DEFAULTS = LIST_SEARCH_DEFAULTS

/** The locations page's URL; each field falls back on its own. */
export const locationSearchSchema = listSearchSchema(LOCATION_STATUSES)
export type LocationSearch = v.InferOutput<typeof locationSearchSchema>
export type LocationSearchInput = v.InferInput<typeof locationSearchSchema>

export type LocationListParams = ListParams<LocationStatus>

export function locationListParams(search: LocationSearch): LocationListParams {
  return listParams(search, LOCATION_PAGE_SIZE)
}
