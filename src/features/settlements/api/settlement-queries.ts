import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query'
import { SETTLEMENT_ENTRY_PAGE_LIMIT } from '../../../../contract/settlements'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import {
  type SettlementEntry,
  type SettlementEntryPage,
  SettlementEntryPageReader,
  type SettlementReport,
  SettlementReportReader,
} from '../../../api/schemas/settlements'
import { asRequestDate } from '../../../shared/calendar'
import type { CalendarRange } from '../range'

/** Every settlement query key starts with the merchant id, so a merchant switch drops them all. */
export const settlementKeys = {
  all: (merchantId: string) => [merchantId, 'settlements'] as const,
  report: (merchantId: string, range: CalendarRange) =>
    [...settlementKeys.all(merchantId), 'report', range.from, range.to] as const,
  entries: (merchantId: string, id: string, page: number, pageSize: number) =>
    [...settlementKeys.all(merchantId), 'entries', id, page, pageSize] as const,
}

/** Calendar dates go as Dates at midnight UTC, which the client writes as `yyyy-MM-dd` (CONTRACT section 3). */
export function reportQuery(merchantId: string, range: CalendarRange) {
  return { 'merchantID.eq': merchantId, from: asRequestDate(range.from), to: asRequestDate(range.to) }
}

export function settlementReportQueryOptions(api: ApiClient, merchantId: string, range: CalendarRange) {
  return queryOptions({
    queryKey: settlementKeys.report(merchantId, range),
    queryFn: async ({ signal }): Promise<SettlementReport> =>
      (
        await api.request(SettlementReportReader, '/api/settlements', {
          query: reportQuery(merchantId, range),
          signal,
        })
      ).data,
    staleTime: 60_000,
    // The route's loader already asked (and retried once); its failure is shown at once, with Try Again.
    retryOnMount: false,
    // The previous range stays on screen (dimmed) while the next loads, never another merchant's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[0] === merchantId ? keepPreviousData(previous) : undefined,
  })
}

async function fetchEntries(
  api: ApiClient,
  id: string,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<SettlementEntryPage> {
  return (
    await api.request(SettlementEntryPageReader, apiPath`/api/settlements/${id}/transactions`, {
      query: { offset, limit },
      signal,
    })
  ).data
}

export function settlementEntriesQueryOptions(
  api: ApiClient,
  merchantId: string,
  id: string,
  page: number,
  pageSize: number,
) {
  return queryOptions({
    queryKey: settlementKeys.entries(merchantId, id, page, pageSize),
    queryFn: ({ signal }) => fetchEntries(api, id, (page - 1) * pageSize, pageSize, signal),
    staleTime: 60_000,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === id ? keepPreviousData(previous) : undefined,
  })
}

/** Every entry of a settlement, in pages of the largest size the platform answers. */
export async function allSettlementEntries(
  queryClient: QueryClient,
  api: ApiClient,
  merchantId: string,
  id: string,
): Promise<SettlementEntry[]> {
  const entries: SettlementEntry[] = []
  for (let page = 1; ; page++) {
    const answer = await queryClient.fetchQuery(
      settlementEntriesQueryOptions(api, merchantId, id, page, SETTLEMENT_ENTRY_PAGE_LIMIT),
    )
    entries.push(...answer.items)
    if (answer.items.length === 0 || entries.length >= answer.pagination.total) return entries
  }
}
