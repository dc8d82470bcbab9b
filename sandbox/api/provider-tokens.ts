import { createRemoteJWKSet, jwtVerify } from 'jose'
import { API_AUDIENCE, PORTAL_CLIENT_ID } from '../data/ids'
import { SIGNING_ALG } from '../idp/keys'

export interface ProviderTokenClaims {
  sub: string
  /** When the user signed in (seconds since the epoch), when the token says. */
  authTime?: number
}

export type ProviderTokenVerifier = (token: string) => Promise<ProviderTokenClaims | undefined>

/**
 * Verifies identity-provider access tokens the way a real resource server does: signature against the
 * provider's published JWKS, issuer, audience, expiry and the RFC 9068 token type.
 */
export function createProviderTokenVerifier(issuer: string, directUrl = issuer): ProviderTokenVerifier {
  // The keys are fetched from the provider itself, on loopback, even when the issuer is a TLS proxy's.
  const jwks = createRemoteJWKSet(new URL(`${directUrl}/jwks`))
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer,
        audience: API_AUDIENCE,
        typ: 'at+jwt',
        algorithms: [SIGNING_ALG],
        requiredClaims: ['sub', 'exp', 'iat'],
      })
      if (payload.client_id !== PORTAL_CLIENT_ID || typeof payload.sub !== 'string') return undefined
      return typeof payload.auth_time === 'number'
        ? { sub: payload.sub, authTime: payload.auth_time }
        : { sub: payload.sub }
    } catch {
      return undefined
    }
  }
}
