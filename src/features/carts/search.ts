import * as v from 'valibot'
import type { CartStatus } from '../../../contract/carts'
import { CART_STATUSES } from '../../../contract/values'
import { pageParam, searchTextParam, urlPicklist } from '../../shared/search-params'

export const CART_PAGE_SIZE = 25

/** Values the URL leaves out, so a plain `/carts` is the default view. */
export const CART_SEARCH_DEFAULTS = { page: 1 } as const

/** The cart list's URL: each field falls back on its own, so a bad value never loses the page. */
export const cartSearchSchema = v.object({
  status: v.fallback(v.optional(urlPicklist(CART_STATUSES)), undefined),
  search: v.fallback(v.optional(searchTextParam), undefined),
  page: v.fallback(v.optional(pageParam, CART_SEARCH_DEFAULTS.page), CART_SEARCH_DEFAULTS.page),
})
export type CartSearch = v.InferOutput<typeof cartSearchSchema>
export type CartSearchInput = v.InferInput<typeof cartSearchSchema>

export interface CartListParams {
  page: number
  pageSize: number
  status: CartStatus | null
  search: string | null
}

export function cartListParams(search: CartSearch): CartListParams {
  return {
    page: search.page,
    pageSize: CART_PAGE_SIZE,
    status: search.status ?? null,
    search: search.search ?? null,
  }
}

export function hasCartFilters(search: CartSearch): boolean {
  return search.status !== undefined || search.search !== undefined
}
