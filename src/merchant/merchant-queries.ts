import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../api/client'
import { MerchantPageReader, MerchantResponseReader, TenantResponseReader } from '../api/schemas/merchants'

export function merchantQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: [merchantId, 'merchant'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request(MerchantResponseReader, `/api/merchant/${encodeURIComponent(merchantId)}`, {
          signal,
        })
      ).data,
    staleTime: 10 * 60_000,
  })
}

export function tenantQueryOptions(api: ApiClient, tenantId: string) {
  return queryOptions({
    queryKey: ['tenant', tenantId] as const,
    queryFn: async ({ signal }) =>
      (await api.request(TenantResponseReader, `/api/tenant/${encodeURIComponent(tenantId)}`, { signal }))
        .data,
    staleTime: 60 * 60_000,
  })
}

export const MERCHANT_SEARCH_LIMIT = 20

/** Merchants the signed-in user may act for, matching `search` (for the merchant chooser). */
export function merchantSearchQueryOptions(api: ApiClient, search: string) {
  return queryOptions({
    queryKey: ['merchant-search', search] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request(MerchantPageReader, '/api/merchant', {
          query: { search: search || undefined, limit: MERCHANT_SEARCH_LIMIT, offset: 0 },
          signal,
        })
      ).data,
    staleTime: 60_000,
  })
}
