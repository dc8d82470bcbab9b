import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../api/client'
import {
  type Transaction,
  type TransactionListItem,
  type TransactionPage,
  TransactionPageReader,
  TransactionResponseReader,
} from '../../../api/schemas/transactions'
import { asRequestDate } from '../../../shared/calendar'
import { startReads } from '../../../ui/start-reads'
import { listParamsFromSearch, type TransactionListParams } from '../list-params'
import type { TransactionSearch } from '../search'

/**
 * Every transaction query key starts with the merchant id, so a merchant switch drops them all, and
 * an action invalidates lists and details of that merchant through `transactionKeys.all`.
 */
export const transactionKeys = {
  all: (merchantId: string) => [merchantId, 'transactions'] as const,
  lists: (merchantId: string) => [...transactionKeys.all(merchantId), 'list'] as const,
  list: (merchantId: string, params: TransactionListParams) =>
    [...transactionKeys.lists(merchantId), params] as const,
  /** The count of what needs action over a program filter alone (the navigation's badge). */
  needsActionCount: (merchantId: string, programIds: readonly string[] | null) =>
    [...transactionKeys.all(merchantId), 'needs-action', programIds] as const,
  details: (merchantId: string) => [...transactionKeys.all(merchantId), 'detail'] as const,
  detail: (merchantId: string, id: string) => [...transactionKeys.details(merchantId), id] as const,
}

/** The list query's parameters as the platform names them; calendar dates go as Dates (CONTRACT section 3). */
export function listQuery(merchantId: string, params: TransactionListParams) {
  const [field, direction] = params.sort.split(':')
  return {
    'merchantID.eq': merchantId,
    limit: params.pageSize,
    offset: (params.page - 1) * params.pageSize,
    sort: `${field}:${direction}`,
    search: params.search ?? undefined,
    searchType: params.search ? params.searchType : undefined,
    status: params.status ?? undefined,
    programID: params.programIds ?? undefined,
    from: params.from ? asRequestDate(params.from) : undefined,
    to: params.to ? asRequestDate(params.to) : undefined,
    needsAction: params.needsAction ? 'true' : undefined,
  }
}

export function transactionListQueryOptions(
  api: ApiClient,
  merchantId: string,
  params: TransactionListParams,
) {
  return queryOptions({
    queryKey: transactionKeys.list(merchantId, params),
    // The signal cancels a superseded request (a newer search, another page) at the server too.
    queryFn: async ({ signal, client }): Promise<TransactionPage> => {
      const { data } = await api.request(TransactionPageReader, '/api/transactions', {
        query: listQuery(merchantId, params),
        signal,
      })
      // A list narrowed by programs alone counts what the badge counts: it need not ask again.
      if (!params.search && !params.status && !params.from && !params.to) {
        client.setQueryData(
          transactionKeys.needsActionCount(merchantId, params.programIds),
          data.needsAction?.count ?? null,
        )
      }
      return data
    },
    staleTime: 30_000,
    // The previous page stays on screen (dimmed) while the next one loads, never another merchant's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[0] === merchantId ? keepPreviousData(previous) : undefined,
  })
}

/**
 * Starts reading the rows `search` asks for: the loader when the page opens, the page itself on a
 * filter, sort or page change (from the click, alongside the navigation). The page's query finds the
 * read under way.
 */
export function startListRead(
  queryClient: QueryClient,
  api: ApiClient,
  merchantId: string,
  search: TransactionSearch,
): void {
  startReads(queryClient, transactionListQueryOptions(api, merchantId, listParamsFromSearch(search)))
}

export function transactionQueryOptions(api: ApiClient, merchantId: string, id: string) {
  return queryOptions({
    queryKey: transactionKeys.detail(merchantId, id),
    queryFn: async ({ signal }): Promise<Transaction> =>
      (
        await api.request(TransactionResponseReader, `/api/transactions/${encodeURIComponent(id)}`, {
          signal,
        })
      ).data,
    staleTime: 30_000,
  })
}

/** A row already on screen, so the drawer opens at once while the full record (with its timeline) loads. */
export function findListedTransaction(
  page: TransactionPage | null | undefined,
  id: string,
): TransactionListItem | undefined {
  return page?.items.find((item) => item.id === id)
}
