import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import { type VerificationCode, VerificationCodeListSchema } from '../../../api/schemas/settings'
import { settingsKeys } from '../settings-keys'

export const CODES_PAGE_SIZE = 25

/** The page's URL: the search and the page of results, so a shared link shows the same codes. */
export const verificationCodesSearchSchema = v.object({
  q: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(100))),
    undefined,
  ),
  page: v.fallback(
    v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1)), 1),
    1,
  ),
})

export function verificationCodesQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: [...settingsKeys.all(merchantId), 'verification-codes'] as const,
    queryFn: async ({ signal }): Promise<VerificationCode[]> =>
      (
        await api.request(
          VerificationCodeListSchema,
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
