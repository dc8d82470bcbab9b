import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../api/client'
import { type Insights, InsightsResponseReader } from '../../../api/schemas/insights'
import { asRequestDate } from '../../../shared/calendar'
import type { InsightsParams } from '../search'

/** Every insights key starts with the merchant id, so a merchant switch drops them all. */
export const insightsKeys = {
  all: (merchantId: string) => [merchantId, 'insights'] as const,
  range: (merchantId: string, params: InsightsParams) => [...insightsKeys.all(merchantId), params] as const,
}

export function insightsQueryOptions(api: ApiClient, merchantId: string, params: InsightsParams) {
  return queryOptions({
    queryKey: insightsKeys.range(merchantId, params),
    queryFn: async ({ signal }): Promise<Insights> =>
      (
        await api.request(
          InsightsResponseReader,
          `/api/merchant/${encodeURIComponent(merchantId)}/insights`,
          {
            // Calendar dates go as Dates at midnight UTC, which the client writes as yyyy-MM-dd (CONTRACT section 3).
            query: {
              from: asRequestDate(params.from),
              to: asRequestDate(params.to),
              interval: params.interval,
            },
            signal,
          },
        )
      ).data,
    staleTime: 60_000,
    // The previous figures stay on screen (dimmed) while another range loads, never another merchant's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[0] === merchantId ? keepPreviousData(previous) : undefined,
  })
}
