import { queryOptions } from '@tanstack/react-query'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import {
  type BusinessProfile,
  BusinessProfileResponseSchema,
  type BusinessProfileUpdate,
} from '../../../api/schemas/settings'
import { writeThenRead } from '../../../api/write'
import { settingsKeys } from '../settings-keys'

export function businessProfileQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: settingsKeys.businessProfile(merchantId),
    queryFn: async ({ signal }): Promise<BusinessProfile> =>
      (
        await api.request(
          BusinessProfileResponseSchema,
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
    BusinessProfileResponseSchema,
    apiPath`/api/merchant/${merchantId}/business-profile`,
    { method: 'PUT', body },
  )
  return answer.data
}
