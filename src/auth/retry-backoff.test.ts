import { describe, expect, it } from 'vitest'
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelayMs } from './retry-backoff'

const middle = () => 0.5

describe('the renewal retry back-off', () => {
  it('doubles from the first delay', () => {
    expect([0, 1, 2, 3].map((attempt) => retryDelayMs(attempt, middle))).toEqual([
      2_000, 4_000, 8_000, 16_000,
    ])
    expect(retryDelayMs(0, middle)).toBe(FIRST_RETRY_MS)
  })

  it('is capped, however many attempts failed', () => {
    expect(retryDelayMs(5, middle)).toBe(MAX_RETRY_MS)
    expect(retryDelayMs(1_000, () => 0.999)).toBe(MAX_RETRY_MS)
    expect(retryDelayMs(Number.POSITIVE_INFINITY, middle)).toBe(MAX_RETRY_MS)
  })

  it('spreads retries by up to a quarter either way, never below half the first delay', () => {
    expect(retryDelayMs(2, () => 0)).toBe(6_000)
    expect(retryDelayMs(2, () => 0.999_999)).toBe(10_000)
    expect(retryDelayMs(-3, () => 0)).toBe(1_500)
  })
})
