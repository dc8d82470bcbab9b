/** The first retry after a transient renewal failure waits this long; each further one twice as long. */
export const FIRST_RETRY_MS = 2_000
/** No retry waits longer than this (the `online` and `visibilitychange` events retry at once anyway). */
export const MAX_RETRY_MS = 60_000

/**
 * How long to wait before retry number `attempt` (0 for the first): doubling from `FIRST_RETRY_MS`,
 * capped at `MAX_RETRY_MS`, and spread by up to a quarter either way (`random` in [0, 1)) so that the
 * tabs and browsers that failed together do not all retry in the same instant.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 16)
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** exponent)
  const spread = base * 0.25 * (random() * 2 - 1)
  return Math.round(Math.min(MAX_RETRY_MS, Math.max(FIRST_RETRY_MS / 2, base + spread)))
}
