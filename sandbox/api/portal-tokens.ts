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
  /** When the user signed in at the identity provider (seconds since the epoch), if it said. */
  auth_time?: number
}

export interface PortalTokens {
  mint(input: PortalTokenInput): Promise<string>
  /** The token's claims, or undefined when it is forged, expired, revoked or malformed. */
  verify(token: string): Promise<PortalTokenClaims | undefined>
  /** Refuses every token minted so far, as a platform does after a key rotation or a forced sign-out. */
  revokeAll(): void
}

/** HS256 with a secret made per sandbox: a token from an earlier run, or signed elsewhere, is refused. */
export function createPortalTokens(): PortalTokens {
  const secret = new Uint8Array(randomBytes(32))
  // Each token carries its serial number as jti; those below the revocation mark are refused.
  let minted = 0
  let revokedBelow = 0
  return {
    async mint(input) {
      minted += 1
      return new SignJWT({ ...input, scp: [...input.scp] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(String(minted))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${PORTAL_TOKEN_TTL_SECONDS}s`)
        .sign(secret)
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER })
        if (Number(payload.jti) < revokedBelow) return undefined
        const claims = v.safeParse(PortalTokenClaimsSchema, payload)
        return claims.success ? claims.output : undefined
      } catch {
        return undefined
      }
    },
    revokeAll() {
      revokedBelow = minted + 1
    },
  }
}
