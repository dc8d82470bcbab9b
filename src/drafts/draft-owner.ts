import type { Session } from '../auth/session'
import type { DraftOwner } from './draft-store'

/** Whose a draft is: the signed-in user, for the merchant this tab shows (null when signed out). */
export function draftOwnerOf(session: Session): DraftOwner | null {
  const claims = session.current()?.claims
  return claims ? { userId: claims.uid, merchantId: session.tabMerchant() ?? claims.cid } : null
}
