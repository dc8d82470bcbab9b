import { useMutation } from '@tanstack/react-query'
import type { SetPasswordRequest } from '../../../../contract/passwords'
import type { ApiClient } from '../../../api/client'
import { SetPasswordResponseReader } from '../../../api/schemas/passwords'
import { useServices } from '../../../services/services-context'
import { activationPath } from './activation-link'
import { redactToken } from './redact-token'

export async function setPassword(api: ApiClient, activationToken: string, password: string) {
  const body: SetPasswordRequest = { password }
  try {
    const { data } = await api.request(SetPasswordResponseReader, activationPath(activationToken), {
      method: 'POST',
      body,
      token: null,
    })
    return data
  } catch (error) {
    throw redactToken(error, activationToken)
  }
}

export function useSetPassword(activationToken: string) {
  const { api } = useServices()
  return useMutation({ mutationFn: (password: string) => setPassword(api, activationToken, password) })
}
