import { randomBytes } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import * as v from 'valibot'
import { type PortalTokenClaims, PortalTokenClaimsSchema } from '../../contract/auth'

export const PORTAL_TOKEN_TTL_SECONDS = 15 * 60
const ISSUER = 'merchant-portal-sandbox'

export interface PortalTokenInput {
  scp: readonly string[]
  cid: string
  tenantID: string
  sub: string
  uid: string
  merchantID: string
}

export interface PortalTokens {
  mint(input: PortalTokenInput): Promise<string>
  /** The token's claims, or undefined when it is forged, expired or malformed. */
  verify(token: string): Promise<PortalTokenClaims | undefined>
}

/** HS256 with a secret made per sandbox: a token from an earlier run, or signed elsewhere, is refused. */
export function createPortalTokens(): PortalTokens {
  const secret = new Uint8Array(randomBytes(32))
  return {
    async mint(input) {
      return new SignJWT({ ...input, scp: [...input.scp] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${PORTAL_TOKEN_TTL_SECONDS}s`)
        .sign(secret)
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER })
        const claims = v.safeParse(PortalTokenClaimsSchema, payload)
        return claims.success ? claims.output : undefined
      } catch {
        return undefined
      }
    },
  }
}
