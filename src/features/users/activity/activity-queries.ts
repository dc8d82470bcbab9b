import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { ACTIVITY_PAGE_LIMIT } from '../../../../contract/activity'
import type { ApiClient } from '../../../api/client'
import { type ActivityEntry, ActivityPageReader } from '../../../api/schemas/activity'
import { userKeys } from '../api/user-queries'
import type { ActivityListParams } from './activity-search'
import { instantRange } from './day-start'

interface MerchantZone {
  id: string
  timeZone: string
}

/** Under the users' keys, so that every change made on the page refreshes the log too. */
export const activityKeys = {
  list: (merchantId: string, params: ActivityListParams) =>
    [...userKeys.all(merchantId), 'activity', params] as const,
}

const activityPath = (merchantId: string) => `/api/merchant/${encodeURIComponent(merchantId)}/activity`

/** The filters as the platform names them: the dates as instants in the merchant's time zone. */
function filterQuery(params: ActivityListParams, timeZone: string) {
  return {
    actor: params.actor ?? undefined,
    kind: params.kinds ?? undefined,
    ...instantRange(params, timeZone),
  }
}

export function activityListQueryOptions(api: ApiClient, merchant: MerchantZone, params: ActivityListParams) {
  return queryOptions({
    queryKey: activityKeys.list(merchant.id, params),
    queryFn: async ({ signal }) =>
      (
        await api.request(ActivityPageReader, activityPath(merchant.id), {
          query: {
            ...filterQuery(params, merchant.timeZone),
            limit: params.pageSize,
            offset: (params.page - 1) * params.pageSize,
          },
          signal,
        })
      ).data,
    staleTime: 30_000,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[0] === merchant.id ? keepPreviousData(previous) : undefined,
  })
}

/**
 * Every entry matching the filters, a page of the platform's largest size at a time (one request at
 * a time); an entry already delivered (the log grew on top meanwhile) is not repeated.
 */
export async function allActivity(
  api: ApiClient,
  merchant: MerchantZone,
  params: ActivityListParams,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
): Promise<ActivityEntry[]> {
  const entries = new Map<string, ActivityEntry>()
  let offset = 0
  for (;;) {
    const page = (
      await api.request(ActivityPageReader, activityPath(merchant.id), {
        query: { ...filterQuery(params, merchant.timeZone), limit: ACTIVITY_PAGE_LIMIT, offset },
        signal,
      })
    ).data
    for (const entry of page.items) entries.set(entry.id, entry)
    const received = page.items.length + page.unreadable
    offset += received
    onProgress(entries.size, page.pagination.total)
    if (received < ACTIVITY_PAGE_LIMIT || offset >= page.pagination.total) return [...entries.values()]
  }
}
