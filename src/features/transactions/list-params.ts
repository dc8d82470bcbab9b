import { TRANSACTION_STATUSES, type TransactionStatus } from '../../../contract/transactions'
import { readDeepLink } from '../../deep-link/deep-link'
import { type IsoDate, parseFilterDate } from '../../shared/calendar'
import { amountSearchValue } from '../../shared/money'
import type { PageSize, SearchType, TransactionSearch, TransactionSort } from './search'

// The transactions page's address read into what the list asks the platform for, and how many
// filters narrow it (search.ts reads and writes the address itself).

export interface TransactionFilters {
  search: string
  searchType: SearchType
  from: string | null
  to: string | null
}

/** The filters a URL asks for; a deep link's day becomes the widened range unless one is given. */
export function filtersFromSearch(search: TransactionSearch): TransactionFilters {
  const widened = readDeepLink(search)?.range
  return {
    search: search.search ?? '',
    searchType: search.searchType,
    from: search.from ?? widened?.from ?? null,
    to: search.to ?? widened?.to ?? null,
  }
}

/** What the list asks the platform for: the URL read into values, in one canonical order per list. */
export interface TransactionListParams {
  page: number
  pageSize: PageSize
  sort: TransactionSort
  /** Only the rows that need action. */
  needsAction: boolean
  /** The term as the platform takes it (amounts as `1250.00`); null when there is nothing to search. */
  search: string | null
  searchType: SearchType
  status: TransactionStatus[] | null
  programIds: string[] | null
  from: IsoDate | null
  to: IsoDate | null
}

/** A search the platform can run: an amount search must be an amount. */
export function searchTerm(search: string, searchType: SearchType): string | null {
  const trimmed = search.trim()
  if (trimmed === '') return null
  return searchType === 'Amount' ? amountSearchValue(trimmed) : trimmed
}

/** The program filter as the list asks for it, in one canonical order; null for every program. */
export function programIdsParam(programs: readonly string[] | undefined): string[] | null {
  return programs ? [...programs].sort() : null
}

export function listParamsFromSearch(search: TransactionSearch): TransactionListParams {
  const filters = filtersFromSearch(search)
  let from = filters.from ? parseFilterDate(filters.from) : null
  let to = filters.to ? parseFilterDate(filters.to) : null
  // A hand-edited link may name the range backwards; it still means the days between the two dates.
  if (from && to && from > to) [from, to] = [to, from]
  return {
    page: search.page,
    pageSize: search.pageSize,
    sort: search.sort,
    needsAction: search.needsAction === true,
    search: searchTerm(filters.search, filters.searchType),
    searchType: filters.searchType,
    status: search.status ? TRANSACTION_STATUSES.filter((status) => search.status?.includes(status)) : null,
    programIds: programIdsParam(search.programs),
    from,
    to,
  }
}

/** How many of the filter fields narrow the list: the search, the date range, statuses and programs. */
export function activeFilterCount(search: TransactionSearch): number {
  const filters = filtersFromSearch(search)
  return [
    filters.search !== '',
    filters.from !== null || filters.to !== null,
    search.status !== undefined,
    search.programs !== undefined,
  ].filter(Boolean).length
}

/** Whether any filter, or the needs-action view, narrows the list (the page and the sort do not). */
export function hasFilters(search: TransactionSearch): boolean {
  return search.needsAction === true || activeFilterCount(search) > 0
}
