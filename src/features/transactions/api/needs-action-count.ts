import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../api/client'
import { TransactionPageReader } from '../../../api/schemas/transactions'
import { transactionKeys } from './transaction-queries'

// Apart from the list's queries: only the navigation's badge, loaded lazily, asks for it.

/**
 * How many transactions need action over a program filter alone: one row asked for, for its count;
 * null when the platform does not count them (an older one sends none).
 */
export function needsActionCountQueryOptions(
  api: ApiClient,
  merchantId: string,
  programIds: readonly string[] | null,
) {
  return queryOptions({
    queryKey: transactionKeys.needsActionCount(merchantId, programIds),
    queryFn: async ({ signal }): Promise<number | null> => {
      const query = {
        'merchantID.eq': merchantId,
        limit: 1,
        needsAction: 'true',
        sort: 'deadline:asc',
        programID: programIds ?? undefined,
      }
      const { data } = await api.request(TransactionPageReader, '/api/transactions', { query, signal })
      return data.needsAction?.count ?? null
    },
    staleTime: 30_000,
  })
}
