import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { ApiClient } from './client'

/** One page of a list, filtered by a search term and a status. */
export interface MerchantListParams {
  page: number
  pageSize: number
  search: string | null
  status: string | null
}

/**
 * The query of one page of a merchant's list at `path`. The key starts with the merchant id, and the
 * previous page stays on screen while the next loads, never another merchant's.
 */
export function merchantListQueryOptions<
  const TKey extends readonly [merchantId: string, ...rest: unknown[]],
  TSchema extends v.GenericSchema<unknown, { data: unknown }>,
>(
  api: ApiClient,
  {
    queryKey,
    schema,
    path,
    params,
  }: { queryKey: TKey; schema: TSchema; path: string; params: MerchantListParams },
) {
  const [merchantId] = queryKey
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<v.InferOutput<TSchema>['data']> =>
      (
        await api.request(schema, path, {
          query: {
            limit: params.pageSize,
            offset: (params.page - 1) * params.pageSize,
            search: params.search ?? undefined,
            status: params.status ?? undefined,
          },
          signal,
        })
      ).data,
    staleTime: 30_000,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[0] === merchantId ? keepPreviousData(previous) : undefined,
  })
}
