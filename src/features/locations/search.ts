import * as v from 'valibot'
import { LOCATION_STATUSES, type LocationStatus } from '../../api/schemas/locations'
import { pageParam, searchTextParam } from '../../shared/search-params'

export const LOCATION_PAGE_SIZE = 25
export const LOCATION_SEARCH_DEFAULTS = { page: 1 } as const

/** The locations page's URL; each field falls back on its own. */
export const locationSearchSchema = v.object({
  search: v.fallback(v.optional(searchTextParam), undefined),
  status: v.fallback(v.optional(v.picklist(LOCATION_STATUSES)), undefined),
  page: v.fallback(v.optional(pageParam, LOCATION_SEARCH_DEFAULTS.page), LOCATION_SEARCH_DEFAULTS.page),
})
export type LocationSearch = v.InferOutput<typeof locationSearchSchema>
export type LocationSearchInput = v.InferInput<typeof locationSearchSchema>

export interface LocationListParams {
  page: number
  pageSize: number
  search: string | null
  status: LocationStatus | null
}

export function locationListParams(search: LocationSearch): LocationListParams {
  return {
    page: search.page,
    pageSize: LOCATION_PAGE_SIZE,
    search: search.search ?? null,
    status: search.status ?? null,
  }
}
