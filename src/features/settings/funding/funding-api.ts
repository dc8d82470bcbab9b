import { queryOptions } from '@tanstack/react-query'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import {
  type FundingSettings,
  FundingSettingsResponseSchema,
  type FundingSettingsUpdate,
} from '../../../api/schemas/settings'
import { writeThenRead } from '../../../api/write'
import { settingsKeys } from '../settings-keys'

export function fundingSettingsQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: settingsKeys.funding(merchantId),
    queryFn: async ({ signal }): Promise<FundingSettings> =>
      (
        await api.request(
          FundingSettingsResponseSchema,
          apiPath`/api/merchant/${merchantId}/funding-settings`,
          {
            signal,
          },
        )
      ).data,
  })
}

export async function saveFundingSettings(
  api: ApiClient,
  merchantId: string,
  body: FundingSettingsUpdate,
): Promise<FundingSettings> {
  const answer = await writeThenRead(
    api,
    FundingSettingsResponseSchema,
    apiPath`/api/merchant/${merchantId}/funding-settings`,
    { method: 'PUT', body },
  )
  return answer.data
}
