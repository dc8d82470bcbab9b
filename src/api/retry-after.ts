/**
 * How long a `Retry-After` header asks the client to wait, in milliseconds: delay-seconds or an
 * HTTP date (counted from `now`, never below 0). Undefined when there is no header or it means nothing.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  const value = header?.trim() ?? ''
  if (/^\d+$/.test(value)) return Number(value) * 1_000
  // An HTTP date names its zone, GMT; anything else (a fraction, words, a bare date) means nothing.
  const at = value.endsWith(' GMT') ? Date.parse(value) : Number.NaN
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}
