import { describe, expect, it } from 'vitest'
import { deadlineOf, timeLeft } from './deadline'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const now = Date.UTC(2026, 2, 10, 12)
const at = (ms: number) => new Date(now + ms)

describe("a row's deadline", () => {
  const expiresAt = at(3 * DAY)
  const dispute = {
    reason: 'FRAUDULENT',
    amount: 100,
    openedAt: at(-DAY),
    respondBy: at(5 * DAY),
    status: 'NEEDS_RESPONSE',
  } as const

  it("is a dispute's respond-by while it awaits a response, else an open authorization's expiry", () => {
    expect(deadlineOf({ status: 'DISPUTED', expiresAt, dispute })).toEqual({
      kind: 'respond',
      at: dispute.respondBy,
    })
    expect(deadlineOf({ status: 'AUTHORIZED', expiresAt, dispute: null })).toEqual({
      kind: 'expires',
      at: expiresAt,
    })
    expect(
      deadlineOf({ status: 'SETTLED', expiresAt, dispute: { ...dispute, status: 'UNDER_REVIEW' } }),
    ).toBeNull()
    expect(deadlineOf({ status: 'SETTLED', expiresAt, dispute: null })).toBeNull()
  })

  it.each([
    [3 * DAY + 5 * HOUR, { value: 3, unit: 'day' }],
    [DAY, { value: 1, unit: 'day' }],
    [DAY - 1, { value: 23, unit: 'hour' }],
    [5 * HOUR + 59 * 60_000, { value: 5, unit: 'hour' }],
    [59 * 60_000, { value: 59, unit: 'minute' }],
    [10_000, { value: 1, unit: 'minute' }],
    [0, null],
    [-HOUR, null],
  ])('leaves %d ms as %j (never more than there is; null once passed)', (left, expected) => {
    expect(timeLeft(at(left), now)).toEqual(expected)
  })
})
