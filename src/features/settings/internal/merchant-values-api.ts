import { queryOptions } from '@tanstack/react-query'
import type { MerchantValuesPatch } from '../../../../contract/payment-products'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import { type MerchantValues, MerchantValuesResponseReader } from '../../../api/schemas/payment-products'
import type { Program } from '../../../api/schemas/programs'
import { writeThenRead } from '../../../api/write'
import { settingsKeys } from '../settings-keys'

/** The program a URL names, or the first active one. */
export function chosenProgram(
  programs: readonly Program[],
  programId: string | undefined,
): Program | undefined {
  return programs.find((program) => program.id === programId) ?? programs[0]
}

export function merchantValuesQueryOptions(api: ApiClient, merchantId: string, programId: string) {
  return queryOptions({
    queryKey: settingsKeys.merchantValues(merchantId, programId),
    queryFn: async ({ signal }): Promise<MerchantValues> =>
      (
        await api.request(
          MerchantValuesResponseReader,
          apiPath`/api/program/${programId}/merchant/${merchantId}/values`,
          { signal },
        )
      ).data,
  })
}

export async function saveMerchantValues(
  api: ApiClient,
  merchantId: string,
  programId: string,
  body: MerchantValuesPatch,
): Promise<MerchantValues> {
  const answer = await writeThenRead(
    api,
    MerchantValuesResponseReader,
    apiPath`/api/program/${programId}/merchant/${merchantId}/values`,
    { method: 'PATCH', body },
  )
  return answer.data
}
