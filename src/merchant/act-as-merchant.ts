import type { PortalTokenClaims } from '../auth/portal-token'
import type { AppServices } from '../services/app-services'

/**
 * Acts for `merchantId`: exchanges the shared token for it (unless the token already acts for it),
 * stores and remembers the choice (other tabs then follow) and shows it in this tab. The one way the
 * signed-in guard and the merchant chooser take on a merchant. Returns the token's claims.
 */
export async function actAsMerchant(
  { session, storage }: Pick<AppServices, 'session' | 'storage'>,
  merchantId: string,
): Promise<PortalTokenClaims> {
  const current = session.current()?.claims
  // The exchange shows the merchant it acts for in this tab (see Session.showMerchant).
  const claims = current?.cid === merchantId ? current : await session.exchange(merchantId)
  session.showMerchant(claims.cid)
  storage.set('selectedMerchantId', merchantId)
  storage.rememberMerchant(merchantId)
  return claims
}
