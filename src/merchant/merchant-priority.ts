import { ZERO_MERCHANT_ID } from '../../contract/auth'
import type { PortalTokenClaims } from '../auth/portal-token'

export interface MerchantCandidates {
  claims: Pick<PortalTokenClaims, 'merchantID' | 'cid'>
  deepLinkMerchantId?: string | null
  storedMerchantId?: string | null
}

function chosen(id: string | null | undefined): string | null {
  return id && id !== ZERO_MERCHANT_ID ? id : null
}

/**
 * The merchant to act for. An assigned merchant never changes; otherwise the deep link's
 * merchant comes first, then the token's merchant, then the stored selection. Null: none yet.
 */
export function resolveMerchantId({
  claims,
  deepLinkMerchantId,
  storedMerchantId,
}: MerchantCandidates): string | null {
  const assigned = chosen(claims.merchantID)
  if (assigned) return assigned
  return chosen(deepLinkMerchantId) ?? chosen(claims.cid) ?? chosen(storedMerchantId)
}
