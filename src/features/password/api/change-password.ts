import { useMutation } from '@tanstack/react-query'
import * as v from 'valibot'
import type { ChangePasswordRequest } from '../../../../contract/passwords'
import type { ApiClient } from '../../../api/client'
import { useServices } from '../../../services/services-context'

export async function changePassword(api: ApiClient, body: ChangePasswordRequest): Promise<void> {
  // The platform answers 204; any other success answer counts as done too.
  await api.request(v.unknown(), '/api/user/password', { method: 'POST', body })
}

export function useChangePassword() {
  const { api } = useServices()
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => changePassword(api, body) })
}
