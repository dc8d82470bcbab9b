import { queryOptions } from '@tanstack/react-query'
import type { FundingSettingsUpdate } from '../../../../contract/settings'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import { type FundingSettings, FundingSettingsResponseReader } from '../../../api/schemas/settings'
import { writeThenRead } from '../../../api/write'
import { settingsKeys } from '../settings-keys'

export function fundingSettingsQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: settingsKeys.funding(merchantId),
    queryFn: async ({ signal }): Promise<FundingSettings> =>
      (
        await api.request(
          FundingSettingsResponseReader,
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
    FundingSettingsResponseReader,
    apiPath`/api/merchant/${merchantId}/funding-settings`,
    { method: 'PUT', body },
  )
  return answer.data
}
