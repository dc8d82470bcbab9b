import { queryOptions } from '@tanstack/react-query'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import { type VerificationCode, VerificationCodeListReader } from '../../../api/schemas/settings'
import { settingsKeys } from '../settings-keys'

export const CODES_PAGE_SIZE = 25

export function verificationCodesQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: [...settingsKeys.all(merchantId), 'verification-codes'] as const,
    queryFn: async ({ signal }): Promise<VerificationCode[]> =>
      (
        await api.request(
          VerificationCodeListReader,
          apiPath`/api/merchant/${merchantId}/location-verification-codes`,
          { signal },
        )
      ).data.items,
  })
}

/** Matches store number, name, city, state or code, ignoring case, spaces and the dash in codes. */
export function matchesSearch(code: VerificationCode, search: string): boolean {
  const wanted = search.trim().toLowerCase()
  if (wanted === '') return true
  const compact = (text: string) => text.toLowerCase().replace(/[\s-]/g, '')
  return (
    [code.storeNumber, code.locationName, code.city, code.region].some((field) =>
      field.toLowerCase().includes(wanted),
    ) || compact(code.code).includes(compact(wanted))
  )
}
