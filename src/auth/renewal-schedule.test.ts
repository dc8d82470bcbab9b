import { describe, expect, it } from 'vitest'
import { hasLapsed, MIN_RENEWAL_GAP_MS, msUntilRenewal, RENEW_BEFORE_EXPIRY_MS } from './renewal-schedule'

const MINUTE = 60_000
const RECEIVED = Date.UTC(2026, 10, 24, 12, 0, 0)
/** A 15-minute token as the issuer stamps it; the issuer's clock is not the browser's. */
function token(issuerNowS: number, lifetimeS = 15 * 60) {
  return { iat: issuerNowS, exp: issuerNowS + lifetimeS, receivedAt: RECEIVED }
}

describe('the renewal schedule', () => {
  it('renews a minute before the lifetime runs out, counted from receipt', () => {
    expect(msUntilRenewal(token(RECEIVED / 1000), RECEIVED)).toBe(15 * MINUTE - RENEW_BEFORE_EXPIRY_MS)
    expect(msUntilRenewal(token(RECEIVED / 1000), RECEIVED + 10 * MINUTE)).toBe(4 * MINUTE)
    expect(msUntilRenewal(token(RECEIVED / 1000), RECEIVED + 20 * MINUTE)).toBe(0)
  })

  it.each([
    ['20 minutes fast', 20],
    ['20 minutes slow', -20],
    ['14 minutes fast', 14],
  ])('gives the same delay with the local clock %s', (_name, skewMinutes) => {
    // The issuer stamped the token at true time; the browser's clock is off by the skew.
    const issuerNowS = (RECEIVED - skewMinutes * MINUTE) / 1000
    const skewed = token(issuerNowS)
    expect(msUntilRenewal(skewed, RECEIVED)).toBe(14 * MINUTE)
    expect(hasLapsed(skewed, RECEIVED + 14 * MINUTE)).toBe(false)
    expect(hasLapsed(skewed, RECEIVED + 15 * MINUTE)).toBe(true)
  })

  it('never renews sooner than 30 s after receipt, however short the token', () => {
    expect(msUntilRenewal(token(RECEIVED / 1000, 45), RECEIVED)).toBe(MIN_RENEWAL_GAP_MS)
    expect(msUntilRenewal(token(RECEIVED / 1000, 0), RECEIVED)).toBe(MIN_RENEWAL_GAP_MS)
  })

  it('treats a clock set back since receipt as no time passed', () => {
    expect(msUntilRenewal(token(RECEIVED / 1000), RECEIVED - 5 * MINUTE)).toBe(14 * MINUTE)
    expect(hasLapsed(token(RECEIVED / 1000), RECEIVED - 5 * MINUTE)).toBe(false)
  })
})
