import { queryOptions } from '@tanstack/react-query'
import type { BankInformationUpdate } from '../../../../contract/settings'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import {
  type BankInformation,
  type BankInformationChanged,
  BankInformationChangedReader,
  BankInformationResponseReader,
} from '../../../api/schemas/settings'
import { writeThenRead } from '../../../api/write'
import { settingsKeys } from '../settings-keys'

export function bankInformationQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: settingsKeys.bankInformation(merchantId),
    queryFn: async ({ signal }): Promise<BankInformation> =>
      (
        await api.request(
          BankInformationResponseReader,
          apiPath`/api/merchant/${merchantId}/bank-information`,
          {
            signal,
          },
        )
      ).data,
  })
}

export async function saveBankInformation(
  api: ApiClient,
  merchantId: string,
  body: BankInformationUpdate,
): Promise<BankInformationChanged> {
  const answer = await writeThenRead(
    api,
    BankInformationChangedReader,
    apiPath`/api/merchant/${merchantId}/bank-information`,
    { method: 'PUT', body },
  )
  return answer.data
}
