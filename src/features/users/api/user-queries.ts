import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import type { AccessLevel, InviteUserRequest } from '../../../../contract/users'
import type { ApiClient } from '../../../api/client'
import { merchantListQueryOptions } from '../../../api/merchant-list-query'
import { type PendingWrites, pendingWrites } from '../../../api/pending-writes'
import { MerchantUserPageReader } from '../../../api/schemas/users'
import { useServices } from '../../../services/services-context'
import type { UserListParams } from '../search'

/** Keys start with the merchant id; every change refreshes the merchant's lists through `userKeys.all`. */
export const userKeys = {
  all: (merchantId: string) => [merchantId, 'users'] as const,
  lists: (merchantId: string) => [...userKeys.all(merchantId), 'list'] as const,
  list: (merchantId: string, params: UserListParams) => [...userKeys.lists(merchantId), params] as const,
}

const usersPath = (merchantId: string) => `/api/merchant/${encodeURIComponent(merchantId)}/users`
const userPath = (merchantId: string, id: string) => `${usersPath(merchantId)}/${encodeURIComponent(id)}`

export function userListQueryOptions(api: ApiClient, merchantId: string, params: UserListParams) {
  return merchantListQueryOptions(api, {
    queryKey: userKeys.list(merchantId, params),
    schema: MerchantUserPageReader,
    path: usersPath(merchantId),
    params,
  })
}

export type UserAction =
  | { kind: 'invite'; request: InviteUserRequest }
  | { kind: 'resend'; id: string }
  | { kind: 'access'; id: string; accessLevel: AccessLevel }
  | { kind: 'deactivate'; id: string }
  | { kind: 'reactivate'; id: string }

async function performUserAction(
  api: ApiClient,
  pending: PendingWrites,
  merchantId: string,
  action: UserAction,
): Promise<void> {
  // The list is read again after every action, so any success answer counts as done (an empty one too).
  const send = (
    path: string,
    method: 'POST' | 'PATCH',
    body: unknown = {},
    headers?: Record<string, string>,
  ) => api.request(v.unknown(), path, { method, body, headers })
  switch (action.kind) {
    case 'invite': {
      // The same invitation sent again after a lost answer carries the same key: one user, one email.
      const { email, accessLevel } = action.request
      await pending.run(`${merchantId}:invite:${email.toLowerCase()}:${accessLevel}`, (key) =>
        send(usersPath(merchantId), 'POST', action.request, { 'Idempotency-Key': key }),
      )
      return
    }
    case 'resend':
      await send(`${userPath(merchantId, action.id)}/resend-invitation`, 'POST')
      return
    case 'access':
      await send(userPath(merchantId, action.id), 'PATCH', { accessLevel: action.accessLevel })
      return
    case 'deactivate':
      await send(`${userPath(merchantId, action.id)}/deactivate`, 'POST')
      return
    case 'reactivate':
      await send(`${userPath(merchantId, action.id)}/reactivate`, 'POST')
      return
  }
}

export function useUserAction(merchantId: string) {
  const { api, storage } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: UserAction) => performUserAction(api, pendingWrites(storage), merchantId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all(merchantId) }),
  })
}
