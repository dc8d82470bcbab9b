import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import type { ApiClient } from '../../../api/client'
import { merchantListQueryOptions } from '../../../api/merchant-list-query'
import { LocationPageReader } from '../../../api/schemas/locations'
import { useServices } from '../../../services/services-context'
import type { LocationEdit } from '../location-form'
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
    schema: LocationPageReader,
    path: locationsPath(merchantId),
    params,
  })
}

export async function updateLocation(
  api: ApiClient,
  merchantId: string,
  id: string,
  update: LocationEdit,
): Promise<void> {
  const path = `${locationsPath(merchantId)}/${encodeURIComponent(id)}`
  // The list is read again after a save, so any success answer counts as done (an empty one too).
  await api.request(v.unknown(), path, { method: 'PATCH', body: update })
}

export function useUpdateLocation(merchantId: string) {
  const { api } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: LocationEdit }) =>
      updateLocation(api, merchantId, id, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all(merchantId) }),
  })
}
