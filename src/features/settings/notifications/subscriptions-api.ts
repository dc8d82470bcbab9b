import { queryOptions } from '@tanstack/react-query'
import type { NotificationSubscriptionsUpdate } from '../../../../contract/settings'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import {
  type NotificationSubscriptions,
  NotificationSubscriptionsResponseReader,
} from '../../../api/schemas/settings'
import { writeThenRead } from '../../../api/write'
import { settingsKeys } from '../settings-keys'

export function subscriptionsQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: settingsKeys.subscriptions(merchantId),
    queryFn: async ({ signal }): Promise<NotificationSubscriptions> =>
      (
        await api.request(
          NotificationSubscriptionsResponseReader,
          apiPath`/api/merchant/${merchantId}/notification-subscriptions`,
          { signal },
        )
      ).data,
  })
}

export async function saveSubscriptions(
  api: ApiClient,
  merchantId: string,
  body: NotificationSubscriptionsUpdate,
): Promise<NotificationSubscriptions> {
  const answer = await writeThenRead(
    api,
    NotificationSubscriptionsResponseReader,
    apiPath`/api/merchant/${merchantId}/notification-subscriptions`,
    { method: 'PUT', body },
  )
  return answer.data
}
