import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../api/client'
import { type Cart, type CartPage, CartPageReader, CartResponseReader } from '../../../api/schemas/carts'
import type { CartListParams } from '../search'

/**
 * Every cart query key starts with the merchant id, so a merchant switch drops them all, and a change
 * to one cart refreshes that merchant's lists and details through `cartKeys.all`.
 */
export const cartKeys = {
  all: (merchantId: string) => [merchantId, 'carts'] as const,
  lists: (merchantId: string) => [...cartKeys.all(merchantId), 'list'] as const,
  list: (merchantId: string, params: CartListParams) => [...cartKeys.lists(merchantId), params] as const,
  details: (merchantId: string) => [...cartKeys.all(merchantId), 'detail'] as const,
  detail: (merchantId: string, id: string) => [...cartKeys.details(merchantId), id] as const,
}

export function cartListQuery(merchantId: string, params: CartListParams) {
  return {
    'merchantID.eq': merchantId,
    limit: params.pageSize,
    offset: (params.page - 1) * params.pageSize,
    status: params.status ?? undefined,
    search: params.search ?? undefined,
  }
}

export function cartListQueryOptions(api: ApiClient, merchantId: string, params: CartListParams) {
  return queryOptions({
    queryKey: cartKeys.list(merchantId, params),
    queryFn: async ({ signal }): Promise<CartPage> =>
      (await api.request(CartPageReader, '/api/carts', { query: cartListQuery(merchantId, params), signal }))
        .data,
    staleTime: 15_000,
    // The previous page stays on screen while the next loads, never another merchant's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[0] === merchantId ? keepPreviousData(previous) : undefined,
  })
}

export function cartQueryOptions(api: ApiClient, merchantId: string, id: string) {
  return queryOptions({
    queryKey: cartKeys.detail(merchantId, id),
    queryFn: async ({ signal }): Promise<Cart> =>
      (await api.request(CartResponseReader, `/api/carts/${encodeURIComponent(id)}`, { signal })).data,
    staleTime: 15_000,
  })
}
