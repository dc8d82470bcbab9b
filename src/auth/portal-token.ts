import * as v from 'valibot'
import { ZERO_MERCHANT_ID } from '../../contract/auth'
import { type PortalTokenClaims, PortalTokenClaimsReader } from '../api/schemas/auth'

export type { PortalTokenClaims }

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')
  const binary = atob(padded)
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
}

/**
 * Reads the portal token's claims. The signature is the API's to check; the portal only needs the
 * claims to decide what to show, and a token that does not decode to the expected claims is no token.
 */
export function decodePortalToken(token: unknown): PortalTokenClaims | null {
  if (typeof token !== 'string') return null
  // Every navigation's guards read the same token several times: it is decoded once.
  if (lastDecoded?.token !== token) lastDecoded = { token, claims: decode(token) }
  return lastDecoded.claims
}

/** The last token decoded, and its claims (shared by every reader: read-only). */
let lastDecoded: { token: string; claims: PortalTokenClaims | null } | null = null

function decode(token: string): PortalTokenClaims | null {
  const parts = token.split('.')
  if (parts.length !== 3 || parts.some((part) => !/^[\w-]*$/.test(part))) return null
  const payload = parts[1]
  if (!payload) return null
  try {
    const result = v.safeParse(PortalTokenClaimsReader, JSON.parse(decodeBase64Url(payload)))
    return result.success ? result.output : null
  } catch {
    return null
  }
}

/** True for a user without an assigned merchant, who picks one. */
export function canPickMerchant(claims: PortalTokenClaims): boolean {
  return claims.merchantID === ZERO_MERCHANT_ID
}
