/**
 * When to renew, from the token's own lifetime (`exp − iat`) counted from when this browser received
 * it. The local clock's offset from the issuer's never enters: `exp` is never compared with `Date.now()`,
 * so a clock minutes fast or slow neither makes every token look expired nor lets one outlive its life.
 */

/** Renew this long before the lifetime runs out, so requests never meet an expired token. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000
/** Never renew sooner than this after the last renewal, whatever the token says. */
export const MIN_RENEWAL_GAP_MS = 30_000

export interface ReceivedToken {
  /** Issued-at and expiry, in seconds, on the issuer's clock. */
  iat: number
  exp: number
  /** Local epoch milliseconds when the token was received. */
  receivedAt: number
}

function lifetimeMs({ iat, exp }: ReceivedToken): number {
  return Math.max(0, exp - iat) * 1000
}

/** Time since receipt; a clock set back since then counts as no time passed. */
function ageMs(token: ReceivedToken, now: number): number {
  return Math.max(0, now - token.receivedAt)
}

/** Milliseconds from `now` until the token should be renewed; 0 when that is due already. */
export function msUntilRenewal(token: ReceivedToken, now: number): number {
  const renewAfter = Math.max(MIN_RENEWAL_GAP_MS, lifetimeMs(token) - RENEW_BEFORE_EXPIRY_MS)
  return Math.max(0, renewAfter - ageMs(token, now))
}

/** True once the token has lived its whole lifetime since it was received. */
export function hasLapsed(token: ReceivedToken, now: number): boolean {
  return ageMs(token, now) >= lifetimeMs(token)
}
