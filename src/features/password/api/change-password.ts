import { useMutation } from '@tanstack/react-query'
import type { ApiClient } from '../../../api/client'
import { type ChangePasswordRequest, NoContentSchema } from '../../../api/schemas/passwords'
import { useServices } from '../../../app/services-context'

export async function changePassword(api: ApiClient, body: ChangePasswordRequest): Promise<void> {
  await api.request(NoContentSchema, '/api/user/password', { method: 'POST', body })
}

export function useChangePassword() {
  const { api } = useServices()
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => changePassword(api, body) })
}
