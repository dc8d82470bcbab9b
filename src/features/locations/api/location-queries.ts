import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../../../api/client'
import { merchantListQueryOptions } from '../../../api/merchant-list-query'
import {
  type Location,
  LocationPageSchema,
  LocationResponseSchema,
  type LocationUpdate,
} from '../../../api/schemas/locations'
import { useServices } from '../../../app/services-context'
import type { LocationListParams } from '../search'

/** Keys start with the merchant id; an edit refreshes that merchant's lists through `locationKeys.all`. */
export const locationKeys = {
  all: (merchantId: string) => [merchantId, 'locations'] as const,
  lists: (merchantId: string) => [...locationKeys.all(merchantId), 'list'] as const,
  list: (merchantId: string, params: LocationListParams) =>
    [...locationKeys.lists(merchantId), params] as const,
}

const locationsPath = (merchantId: string) => `/api/merchant/${encodeURIComponent(merchantId)}/locations`

export function locationListQueryOptions(api: ApiClient, merchantId: string, params: LocationListParams) {
  return merchantListQueryOptions(api, {
    queryKey: locationKeys.list(merchantId, params),
    schema: LocationPageSchema,
    path: locationsPath(merchantId),
    params,
  })
}

export async function updateLocation(
  api: ApiClient,
  merchantId: string,
  id: string,
  update: LocationUpdate,
): Promise<Location> {
  const path = `${locationsPath(merchantId)}/${encodeURIComponent(id)}`
  return (await api.request(LocationResponseSchema, path, { method: 'PATCH', body: update })).data
}

export function useUpdateLocation(merchantId: string) {
  const { api } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: LocationUpdate }) =>
      updateLocation(api, merchantId, id, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all(merchantId) }),
  })
}
