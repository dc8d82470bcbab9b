import * as v from 'valibot'
import { opaqueId } from './common'

export * from '../../../contract/auth'

/** Claims of the portal token minted by the token exchange. */
export const PortalTokenClaimsSchema = v.object({
  scp: v.array(v.string()),
  /** The merchant the token acts for; the zero id while an unassigned user has not chosen one. */
  cid: opaqueId,
  tenantID: opaqueId,
  sub: v.pipe(v.string(), v.minLength(1)),
  uid: v.pipe(v.string(), v.minLength(1)),
  /** The user's assigned merchant, or the zero id for users who may pick any merchant. */
  merchantID: opaqueId,
  iat: v.number(),
  exp: v.number(),
})
export type PortalTokenClaims = v.InferOutput<typeof PortalTokenClaimsSchema>
