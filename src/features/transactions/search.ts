import * as v from 'valibot'
import { widenDeepLinkDate } from './deep-link'

export const SEARCH_TYPES = ['Transaction', 'Order', 'CustomerName', 'CustomerEmail', 'Amount'] as const
export type SearchType = (typeof SEARCH_TYPES)[number]
export const DEFAULT_SEARCH_TYPE: SearchType = 'Transaction'

// The router reads `?search=123` as the number 123; a search term is always text.
const text = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((value) => String(value).trim()),
  v.maxLength(200),
)
const filterDate = v.pipe(v.string(), v.regex(/^\d{2}\/\d{2}\/\d{4}$/))

/**
 * The transaction page's URL. Every field falls back on its own, so one bad value in a shared
 * link loses only that value and never the page.
 */
export const transactionSearchSchema = v.object({
  isDeepLink: v.fallback(v.optional(v.union([v.boolean(), v.literal('true'), v.literal('false')])), undefined),
  search: v.fallback(v.optional(text), undefined),
  searchType: v.fallback(v.optional(v.picklist(SEARCH_TYPES), DEFAULT_SEARCH_TYPE), DEFAULT_SEARCH_TYPE),
  merchantID: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  date: v.fallback(v.optional(v.union([v.string(), v.number()])), undefined),
  from: v.fallback(v.optional(filterDate), undefined),
  to: v.fallback(v.optional(filterDate), undefined),
})

export type TransactionSearch = v.InferOutput<typeof transactionSearchSchema>

export interface TransactionFilters {
  search: string
  searchType: SearchType
  from: string | null
  to: string | null
}

/** The filters a URL asks for; a deep link's `date` becomes the widened range unless one is given. */
export function filtersFromSearch(search: TransactionSearch): TransactionFilters {
  const widened = search.date !== undefined ? widenDeepLinkDate(String(search.date)) : null
  return {
    search: search.search ?? '',
    searchType: search.searchType,
    from: search.from ?? widened?.from ?? null,
    to: search.to ?? widened?.to ?? null,
  }
}
