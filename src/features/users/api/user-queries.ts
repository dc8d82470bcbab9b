import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AccessLevel } from '../../../access/scopes'
import type { ApiClient } from '../../../api/client'
import { merchantListQueryOptions } from '../../../api/merchant-list-query'
import {
  type InviteUserRequest,
  type MerchantUser,
  MerchantUserPageSchema,
  MerchantUserResponseSchema,
} from '../../../api/schemas/users'
import { useServices } from '../../../app/services-context'
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
    schema: MerchantUserPageSchema,
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

export async function performUserAction(
  api: ApiClient,
  merchantId: string,
  action: UserAction,
): Promise<MerchantUser> {
  const send = (path: string, method: 'POST' | 'PATCH', body: unknown = {}) =>
    api.request(MerchantUserResponseSchema, path, { method, body })
  switch (action.kind) {
    case 'invite':
      return (await send(usersPath(merchantId), 'POST', action.request)).data
    case 'resend':
      return (await send(`${userPath(merchantId, action.id)}/resend-invitation`, 'POST')).data
    case 'access':
      return (await send(userPath(merchantId, action.id), 'PATCH', { accessLevel: action.accessLevel })).data
    case 'deactivate':
      return (await send(`${userPath(merchantId, action.id)}/deactivate`, 'POST')).data
    case 'reactivate':
      return (await send(`${userPath(merchantId, action.id)}/reactivate`, 'POST')).data
  }
}

export function useUserAction(merchantId: string) {
  const { api } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: UserAction) => performUserAction(api, merchantId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all(merchantId) }),
  })
}
