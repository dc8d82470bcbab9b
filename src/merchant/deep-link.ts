import * as v from 'valibot'

const merchantIdParam = v.pipe(v.string(), v.trim(), v.uuid())

/** The `merchantID` of a deep link, when the current URL carries a well-formed one. */
export function deepLinkMerchantId(search: Record<string, unknown>): string | null {
  if (search.isDeepLink !== true && search.isDeepLink !== 'true') return null
  const result = v.safeParse(merchantIdParam, search.merchantID)
  return result.success ? result.output : null
}
