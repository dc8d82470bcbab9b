import { queryOptions } from '@tanstack/react-query'
import type { CheckoutDesignUpdate, PlacementsUpdate } from '../../../../contract/settings'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import {
  type CheckoutDesign,
  CheckoutDesignResponseReader,
  type Placements,
  PlacementsResponseReader,
} from '../../../api/schemas/settings'
import { writeThenRead } from '../../../api/write'
import { settingsKeys } from '../settings-keys'

export function checkoutDesignQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: [...settingsKeys.all(merchantId), 'checkout-design'] as const,
    queryFn: async ({ signal }): Promise<CheckoutDesign> =>
      (
        await api.request(
          CheckoutDesignResponseReader,
          apiPath`/api/merchant/${merchantId}/checkout-design`,
          {
            signal,
          },
        )
      ).data,
  })
}

export async function saveCheckoutDesign(
  api: ApiClient,
  merchantId: string,
  body: CheckoutDesignUpdate,
): Promise<CheckoutDesign> {
  const answer = await writeThenRead(
    api,
    CheckoutDesignResponseReader,
    apiPath`/api/merchant/${merchantId}/checkout-design`,
    { method: 'PUT', body },
  )
  return answer.data
}

export function placementsQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: [...settingsKeys.all(merchantId), 'placements'] as const,
    queryFn: async ({ signal }): Promise<Placements> =>
      (
        await api.request(PlacementsResponseReader, apiPath`/api/merchant/${merchantId}/placements`, {
          signal,
        })
      ).data,
  })
}

export async function savePlacements(
  api: ApiClient,
  merchantId: string,
  body: PlacementsUpdate,
): Promise<Placements> {
  const answer = await writeThenRead(
    api,
    PlacementsResponseReader,
    apiPath`/api/merchant/${merchantId}/placements`,
    {
      method: 'PUT',
      body,
    },
  )
  return answer.data
}
