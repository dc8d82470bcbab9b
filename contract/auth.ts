import * as v from 'valibot'
import { dataOf, opaqueId } from './common'

/** A merchantID of all zeros means the user has no assigned merchant and may pick one. */
export const ZERO_MERCHANT_ID = '00000000-0000-0000-0000-000000000000'

export const TokenExchangeRequestSchema = v.object({
  appID: v.pipe(v.string(), v.minLength(1)),
  merchantID: opaqueId,
})
export type TokenExchangeRequest = v.InferOutput<typeof TokenExchangeRequestSchema>

export const TokenExchangeResponseSchema = dataOf(v.object({ token: v.pipe(v.string(), v.minLength(1)) }))
export type TokenExchangeResponse = v.InferOutput<typeof TokenExchangeResponseSchema>

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
  /** When the user last signed in at the identity provider (seconds since the epoch), if it said. */
  auth_time: v.optional(v.number()),
  iat: v.number(),
  exp: v.number(),
})
export type PortalTokenClaims = v.InferOutput<typeof PortalTokenClaimsSchema>

/**
 * Step-up: creating or rotating an access key, changing the bank information and issuing a virtual
 * card need a sign-in at the identity provider within this many seconds (the portal asks for it with
 * `max_age` or `prompt=login`; the ID token's `auth_time` says when it was). The portal token carries
 * the sign-in's time as `auth_time`; an older one is refused with 403 STEP_UP_ERROR_CODE, and
 * `details: { maxAgeSeconds }`.
 */
export const STEP_UP_MAX_AGE_SECONDS = 5 * 60
export const STEP_UP_ERROR_CODE = 'reauthentication_required'
