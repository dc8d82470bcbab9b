import type * as v from 'valibot'
import { PortalTokenClaimsSchema, TokenExchangeResponseSchema } from '../../../contract/auth'

// The portal reads the token exchange's answer and its token's claims as the contract gives them.
export const TokenExchangeResponseReader = TokenExchangeResponseSchema

export const PortalTokenClaimsReader = PortalTokenClaimsSchema
export type PortalTokenClaims = v.InferOutput<typeof PortalTokenClaimsReader>
