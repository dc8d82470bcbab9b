import { queryOptions, useMutation } from '@tanstack/react-query'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import { type AccessKey, AccessKeyListReader, AccessKeySecretReader } from '../../../api/schemas/settings'
import { useServices } from '../../../services/services-context'
import { settingsKeys } from '../settings-keys'

export function accessKeysQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: settingsKeys.accessKeys(merchantId),
    queryFn: async ({ signal }): Promise<AccessKey[]> =>
      (await api.request(AccessKeyListReader, apiPath`/api/merchant/${merchantId}/access-keys`, { signal }))
        .data.items,
  })
}

/** Secrets are fetched one at a time on request and never kept in the query cache. */
export async function revealSecret(api: ApiClient, merchantId: string, keyId: string): Promise<string> {
  const answer = await api.request(
    AccessKeySecretReader,
    apiPath`/api/merchant/${merchantId}/access-keys/${keyId}/reveal`,
    { method: 'POST', body: {} },
  )
  return answer.data.secret
}

export function useRevealSecret(merchantId: string, keyId: string) {
  const { api } = useServices()
  return useMutation({ mutationFn: () => revealSecret(api, merchantId, keyId) })
}
