import type { SearchMiddleware } from '@tanstack/react-router'
import * as v from 'valibot'
import type {
  SortDirection,
  TransactionSearchType,
  TransactionSortField,
  TransactionStatus,
} from '../../../contract/transactions'
import {
  TRANSACTION_ID_PATTERN,
  TRANSACTION_SEARCH_TYPES,
  TRANSACTION_SORT_FIELDS,
  TRANSACTION_STATUSES,
} from '../../../contract/values'
import { deepLinkSearchEntries, isDeepLink, settleDeepLink } from '../../deep-link/deep-link'
import { parseFilterDate } from '../../shared/calendar'
import { urlPicklist } from '../../shared/search-params'

export const SEARCH_TYPES = TRANSACTION_SEARCH_TYPES
export type SearchType = TransactionSearchType
export const DEFAULT_SEARCH_TYPE: SearchType = 'Transaction'

export const PAGE_SIZES = [25, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 25

/**
 * The table's lower-priority columns, hidden unless chosen (the column chooser writes them in the URL):
 * Date, Transaction ID, Customer, Amount and Status always show, and fit a 1280-wide laptop.
 */
export const OPTIONAL_COLUMNS = ['orderId', 'program'] as const
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number]

export type TransactionSort = `${TransactionSortField}:${SortDirection}`
export const SORTS = TRANSACTION_SORT_FIELDS.flatMap(
  (field) => [`${field}:asc`, `${field}:desc`] as const,
) satisfies TransactionSort[]
export const DEFAULT_SORT: TransactionSort = 'createdAt:desc'
/** The needs-action view's own default: the nearest deadline first. */
export const NEEDS_ACTION_SORT: TransactionSort = 'deadline:asc'

/** The sort a view shows when the URL names none. */
export function defaultSort(needsAction: boolean | undefined): TransactionSort {
  return needsAction ? NEEDS_ACTION_SORT : DEFAULT_SORT
}

/**
 * Values the URL leaves out (the router strips them), so a plain `/transactions` is the default view;
 * so is the view's default sort (`defaultSort`).
 */
export const SEARCH_DEFAULTS = {
  searchType: DEFAULT_SEARCH_TYPE,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const

// The router reads `?search=123` as the number 123; a search term is always text.
const text = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((value) => String(value).trim()),
  v.maxLength(200),
)
const filterDate = v.pipe(
  v.string(),
  v.regex(/^\d{2}\/\d{2}\/\d{4}$/),
  v.check((value) => parseFilterDate(value) !== null),
)
// `?pageSize=50` arrives as a number, a hand-typed `?page=%222%22` as text; both are read as numbers.
const numeric = v.pipe(v.union([v.number(), v.string()]), v.transform(Number))
const page = v.pipe(numeric, v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000))
const pageSize = v.pipe(numeric, v.picklist(PAGE_SIZES))

/** A list in the URL (`["A","B"]`, or a hand-typed `A,B`) keeping the values `read` knows; empty means none. */
function listOf<T extends string>(read: (value: unknown) => T | undefined) {
  return v.pipe(
    v.union([v.array(v.unknown()), v.string()]),
    v.transform((value) => {
      const items = Array.isArray(value) ? value : value.split(',')
      const kept = [...new Set(items.map(read).filter((item): item is T => item !== undefined))]
      return kept.length > 0 ? kept : undefined
    }),
  )
}
const statusParam = urlPicklist(TRANSACTION_STATUSES)
const readStatus = (value: unknown): TransactionStatus | undefined => {
  const parsed = v.safeParse(statusParam, value)
  return parsed.success ? parsed.output : undefined
}
// Program ids are opaque (spec section 7 gives them no format): any short run of id characters.
const readProgramId = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[\w.:-]{1,100}$/.test(value.trim()) ? value.trim() : undefined
const columnParam = urlPicklist(OPTIONAL_COLUMNS)
const readColumn = (value: unknown): OptionalColumn | undefined => {
  const parsed = v.safeParse(columnParam, value)
  return parsed.success ? parsed.output : undefined
}

/**
 * The transaction page's URL: every filter, the view, the page, the sort and the open transaction, so
 * back, refresh and shared links restore the view. Every field falls back on its own, so one bad value
 * in a shared link loses only that value and never the page. The sort's default depends on the view.
 */
export const transactionSearchSchema = v.pipe(
  v.object({
    ...deepLinkSearchEntries,
    /** The needs-action view (NeedsActionSummarySchema): `true`, or absent for the whole list. */
    needsAction: v.fallback(
      v.optional(
        v.pipe(
          v.union([v.literal(true), v.literal('true')]),
          v.transform(() => true as const),
        ),
      ),
      undefined,
    ),
    search: v.fallback(v.optional(text), undefined),
    searchType: v.fallback(v.optional(urlPicklist(SEARCH_TYPES), DEFAULT_SEARCH_TYPE), DEFAULT_SEARCH_TYPE),
    from: v.fallback(v.optional(filterDate), undefined),
    to: v.fallback(v.optional(filterDate), undefined),
    status: v.fallback(v.optional(listOf(readStatus)), undefined),
    /** The program filter; absent means every program. */
    programs: v.fallback(v.optional(listOf(readProgramId)), undefined),
    page: v.fallback(v.optional(page, SEARCH_DEFAULTS.page), SEARCH_DEFAULTS.page),
    pageSize: v.fallback(v.optional(pageSize, SEARCH_DEFAULTS.pageSize), SEARCH_DEFAULTS.pageSize),
    sort: v.fallback(v.optional(urlPicklist(SORTS)), undefined),
    /** The optional columns shown, in the table's order; absent means none. */
    columns: v.fallback(
      v.optional(
        v.pipe(
          listOf(readColumn),
          v.transform((chosen) => chosen && OPTIONAL_COLUMNS.filter((column) => chosen.includes(column))),
        ),
      ),
      undefined,
    ),
    /** The transaction whose drawer is open. */
    tx: v.fallback(v.optional(v.pipe(v.string(), v.regex(TRANSACTION_ID_PATTERN))), undefined),
  }),
  v.transform((search) => ({ ...search, sort: search.sort ?? defaultSort(search.needsAction) })),
)

export type TransactionSearch = v.InferOutput<typeof transactionSearchSchema>
export type TransactionSearchInput = v.InferInput<typeof transactionSearchSchema>

/**
 * The program filter kept in the URL: absent when every active program is chosen (or none is, which
 * would show nothing and is read as "all"), otherwise the chosen active ones in the merchant's order.
 */
export function programsParam(
  selection: readonly string[],
  activeProgramIds: readonly string[],
): string[] | undefined {
  const chosen = new Set(selection)
  const kept = activeProgramIds.filter((id) => chosen.has(id))
  return kept.length === 0 || kept.length === activeProgramIds.length ? undefined : kept
}

/**
 * The URL the page settles on: a deep link's one-off parameters become the filters they stand for
 * (see settleDeepLink), and the program filter falls back to the merchant's stored selection. Null
 * when the search is already canonical.
 */
export function canonicalSearch(
  search: TransactionSearch,
  activeProgramIds: readonly string[],
  storedSelection: readonly string[],
): TransactionSearch | null {
  const programs = programsParam(search.programs ?? storedSelection, activeProgramIds)
  const linkParams =
    search.isDeepLink !== undefined || search.merchantID !== undefined || search.date !== undefined
  const samePrograms = (programs ?? []).join() === (search.programs ?? []).join()
  if (!linkParams && samePrograms) return null
  return { ...settleDeepLink(search), programs }
}

/**
 * The address the page opens at instead of `search`, or null to keep it: the stored program selection
 * written in, so that the address bar always says what the table shows. A deep link reaches the page
 * only while its merchant could not be taken on (the merchant layout replaces an applied one): it
 * stays as opened, for the guard to try again; a preload changes no address.
 */
export function openingSearch(
  search: TransactionSearch,
  activeProgramIds: readonly string[],
  storedSelection: readonly string[],
  preload: boolean,
): TransactionSearch | null {
  if (preload || isDeepLink(search)) return null
  return canonicalSearch(search, activeProgramIds, storedSelection)
}

/**
 * The route's search middleware: default values are left out of the addresses the portal writes. A
 * deep link not applied yet (the one a signed-out user comes back to) keeps its own parameters as they
 * were sent (searchType included, which the contract lists even at its default).
 */
export const stripSearchDefaults: SearchMiddleware<TransactionSearch> = ({ search, next }) => {
  const result: Partial<TransactionSearch> = { ...next(search) }
  const deepLink = isDeepLink(result)
  for (const [key, value] of Object.entries(SEARCH_DEFAULTS)) {
    const name = key as keyof typeof SEARCH_DEFAULTS
    if (result[name] === value && !(deepLink && name === 'searchType')) delete result[name]
  }
  if (result.sort === defaultSort(result.needsAction)) delete result.sort
  return result as TransactionSearch
}

/**
 * The optional columns the table shows: the chosen ones, and Order ID while the search looks for an
 * order, so that the matched value is on screen.
 */
export function visibleColumns(search: TransactionSearch): OptionalColumn[] {
  const searchingOrders = search.searchType === 'Order' && (search.search ?? '') !== ''
  return OPTIONAL_COLUMNS.filter(
    (column) => search.columns?.includes(column) || (column === 'orderId' && searchingOrders),
  )
}

/**
 * Reset filters: everything back to the default view, keeping the page size, sort and columns chosen;
 * leaving the needs-action view gives the list its normal sort back.
 */
export function resetSearch(search: TransactionSearch): TransactionSearchInput {
  return {
    pageSize: search.pageSize,
    sort: search.needsAction ? undefined : search.sort,
    columns: search.columns,
  }
}

/** Enters or leaves the needs-action view, on its first page, each with its own default sort. */
export function needsActionSearch(needsAction: boolean): TransactionSearchInput {
  return { needsAction: needsAction || undefined, sort: undefined, page: 1 }
}
