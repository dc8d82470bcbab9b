import * as v from 'valibot'
import { pageParam, searchTextParam, urlPicklist } from './search-params'

/** Values a list's URL leaves out, so its plain path is the default view. */
export const LIST_SEARCH_DEFAULTS = { page: 1 } as const

/** A list's URL: a search term, one of `statuses` and the page; each field falls back on its own. */
export function listSearchSchema<const TStatuses extends readonly string[]>(statuses: TStatuses) {
  return v.object({
    search: v.fallback(v.optional(searchTextParam), undefined),
    status: v.fallback(v.optional(urlPicklist(statuses)), undefined),
    page: v.fallback(v.optional(pageParam, LIST_SEARCH_DEFAULTS.page), LIST_SEARCH_DEFAULTS.page),
  })
}

/** What a list query asks for; also the query key's last part, so it holds only plain values. */
export interface ListParams<TStatus extends string> {
  page: number
  pageSize: number
  search: string | null
  status: TStatus | null
}

export function listParams<TStatus extends string>(
  search: { search?: string; status?: TStatus; page: number },
  pageSize: number,
): ListParams<TStatus> {
  return {
    page: search.page,
    pageSize,
    search: search.search ?? null,
    status: search.status ?? null,
  }
}
