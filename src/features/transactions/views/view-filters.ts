import * as v from 'valibot'
import { hasFilters } from '../list-params'
import {
  defaultSort,
  SEARCH_DEFAULTS,
  type TransactionSearch,
  type TransactionSearchInput,
  transactionSearchSchema,
} from '../search'
import type { ViewFilters } from './saved-views'

/** What a view keeps of the address: the filters, sort, page size and columns; never the page or `tx`. */
const VIEW_KEYS = [
  'needsAction',
  'search',
  'searchType',
  'from',
  'to',
  'status',
  'programs',
  'pageSize',
  'sort',
  'columns',
] as const
type ViewKey = (typeof VIEW_KEYS)[number]

/** A filter of a saved view that no longer applies: the field, and the value it named. */
export interface StaleFilter {
  field: ViewKey
  value: string
}

export function viewFilters(search: TransactionSearch): ViewFilters {
  const filters: ViewFilters = {}
  for (const key of VIEW_KEYS) {
    const value = search[key]
    if (value !== undefined) filters[key] = Array.isArray(value) ? [...value] : value
  }
  return filters
}

const listed = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : []

/**
 * The address a saved view opens at, on its first page, with what still applies, and what no longer
 * does: a value the page's search schema no longer reads (a status since retired) or a program the
 * merchant no longer has.
 */
export function openView(
  filters: ViewFilters,
  activeProgramIds: readonly string[],
): { search: TransactionSearchInput; stale: StaleFilter[] } {
  const known = Object.fromEntries(VIEW_KEYS.flatMap((key) => (key in filters ? [[key, filters[key]]] : [])))
  const read = v.parse(transactionSearchSchema, known)
  const active = new Set(activeProgramIds)
  const programs = read.programs?.filter((id) => active.has(id))
  const search: TransactionSearchInput = { page: 1 }
  const stale: StaleFilter[] = []
  for (const key of VIEW_KEYS) {
    const raw = known[key]
    const value = key === 'programs' ? programs : read[key]
    if (value !== undefined) Object.assign(search, { [key]: value })
    if (raw === undefined) continue
    if (key === 'status' || key === 'programs' || key === 'columns') {
      const kept = new Set<string>(Array.isArray(value) ? value : [])
      for (const item of listed(raw)) {
        if (!kept.has(item.trim())) stale.push({ field: key, value: item })
      }
    } else if (String(value) !== String(raw).trim()) {
      stale.push({ field: key, value: String(raw) })
    }
  }
  return { search: { ...search, programs: programs && programs.length > 0 ? programs : undefined }, stale }
}

/** Whether opening `search` shows anything but the plain list (a default view that does not would loop). */
export function changesList(search: TransactionSearchInput): boolean {
  const read = v.parse(transactionSearchSchema, search)
  return (
    hasFilters(read) ||
    read.pageSize !== SEARCH_DEFAULTS.pageSize ||
    read.sort !== defaultSort(read.needsAction) ||
    read.columns !== undefined
  )
}
