import { queryOptions } from '@tanstack/react-query'
import type { BusinessProfileUpdate } from '../../../../contract/settings'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import { type BusinessProfile, BusinessProfileResponseReader } from '../../../api/schemas/settings'
import { writeThenRead } from '../../../api/write'
import { settingsKeys } from '../settings-keys'

export function businessProfileQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: settingsKeys.businessProfile(merchantId),
    queryFn: async ({ signal }): Promise<BusinessProfile> =>
      (
        await api.request(
          BusinessProfileResponseReader,
          apiPath`/api/merchant/${merchantId}/business-profile`,
          {
            signal,
          },
        )
      ).data,
  })
}

export async function saveBusinessProfile(
  api: ApiClient,
  merchantId: string,
  body: BusinessProfileUpdate,
): Promise<BusinessProfile> {
  const answer = await writeThenRead(
    api,
    BusinessProfileResponseReader,
    apiPath`/api/merchant/${merchantId}/business-profile`,
    { method: 'PUT', body },
  )
  return answer.data
}
