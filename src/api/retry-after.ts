/**
 * How long a `Retry-After` header asks the client to wait, in milliseconds: delay-seconds or an
 * HTTP date (counted from `now`, never below 0). Undefined when there is no header or it means nothing.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  const value = header?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1_000
  // An HTTP date always names its day and its zone ("Wed, 21 Oct 2026 07:28:00 GMT").
  if (!/^[A-Za-z]{3}, .+ GMT$/.test(value)) return undefined
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}
