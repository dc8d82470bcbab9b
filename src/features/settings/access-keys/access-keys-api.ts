import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AccessKeyCreate, RotationGraceHours } from '../../../../contract/access-keys'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import {
  type AccessKey,
  AccessKeyListReader,
  type IssuedAccessKey,
  IssuedAccessKeyReader,
  RevokedAccessKeyReader,
} from '../../../api/schemas/settings'
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

/** What a key write needs: the call, once, under the dialog's idempotency key. */
export type KeyWrite<TInput, TResult> = (input: TInput, idempotencyKey: string) => Promise<TResult>

/**
 * One key write. The answer of create and rotate holds the new secret: the mutation forgets it at once
 * (gcTime 0) and the dialog keeps it in its own state only, so it is in no cache once the dialog
 * closes. The list is read again whatever happened (after a lost answer the key may exist).
 */
function useKeyWrite<TInput, TResult>(
  merchantId: string,
  write: (api: ApiClient) => KeyWrite<TInput, TResult>,
) {
  const { api } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: TInput; idempotencyKey: string }) =>
      write(api)(input, idempotencyKey),
    retry: false,
    gcTime: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.accessKeys(merchantId) }),
  })
}

const keysPath = (merchantId: string) => apiPath`/api/merchant/${merchantId}/access-keys`
const keyPath = (merchantId: string, keyId: string, action: 'rotate' | 'revoke') =>
  apiPath`/api/merchant/${merchantId}/access-keys/${keyId}/${action}`

export function useCreateKey(merchantId: string) {
  return useKeyWrite(
    merchantId,
    (api): KeyWrite<AccessKeyCreate, IssuedAccessKey> =>
      async (body, idempotencyKey) =>
        (
          await api.request(IssuedAccessKeyReader, keysPath(merchantId), {
            method: 'POST',
            body,
            headers: { 'Idempotency-Key': idempotencyKey },
          })
        ).data,
  )
}

export function useRotateKey(merchantId: string, keyId: string) {
  return useKeyWrite(
    merchantId,
    (api): KeyWrite<RotationGraceHours, IssuedAccessKey> =>
      async (graceHours, idempotencyKey) =>
        (
          await api.request(IssuedAccessKeyReader, keyPath(merchantId, keyId, 'rotate'), {
            method: 'POST',
            body: { graceHours },
            headers: { 'Idempotency-Key': idempotencyKey },
          })
        ).data,
  )
}

export function useRevokeKey(merchantId: string, keyId: string) {
  return useKeyWrite(
    merchantId,
    (api): KeyWrite<string, AccessKey> =>
      async (confirmName, idempotencyKey) =>
        (
          await api.request(RevokedAccessKeyReader, keyPath(merchantId, keyId, 'revoke'), {
            method: 'POST',
            body: { confirmName },
            headers: { 'Idempotency-Key': idempotencyKey },
          })
        ).data,
  )
}
