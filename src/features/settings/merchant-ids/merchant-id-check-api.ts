import { useMutation } from '@tanstack/react-query'
import type { ApiClient } from '../../../api/client'
import { type MerchantIdCheck, MerchantIdCheckResponseReader } from '../../../api/schemas/settings'
import { useServices } from '../../../services/services-context'

export async function checkMerchantIds(
  api: ApiClient,
  merchantIDs: readonly string[],
): Promise<MerchantIdCheck[]> {
  const answer = await api.request(MerchantIdCheckResponseReader, '/api/merchant-id-validation', {
    method: 'POST',
    body: { merchantIDs },
  })
  return answer.data.items
}

/** A check is a question, not a change: nothing is cached and nothing needs invalidating. */
export function useMerchantIdCheck() {
  const { api } = useServices()
  return useMutation({ mutationFn: (merchantIDs: readonly string[]) => checkMerchantIds(api, merchantIDs) })
}

/** The ids in what was typed or pasted: one per line, or separated by commas, semicolons or spaces; repeats once. */
export function parseMerchantIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ]
}
