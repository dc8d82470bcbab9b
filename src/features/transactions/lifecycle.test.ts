import { describe, expect, it } from 'vitest'
import type { TransactionListItem } from '../../api/schemas/transactions'
import { actionLimit, availableActions, expiresSoon } from './lifecycle'

const DAY = 86_400_000
const now = Date.parse('2026-03-15T12:00:00Z')

function tx(
  status: TransactionListItem['status'],
  amounts: Partial<TransactionListItem['amounts']> = {},
  expiresInDays = 30,
): Pick<TransactionListItem, 'status' | 'expiresAt' | 'amounts'> {
  return {
    status,
    expiresAt: new Date(now + expiresInDays * DAY),
    amounts: { authorized: 10_000, settled: 0, refunded: 0, remaining: 0, ...amounts },
  }
}

const WRITER = { settle: true, refund: true, cancel: true }
const READER = { settle: false, refund: false, cancel: false }

describe('transaction lifecycle in the portal', () => {
  it('marks open authorizations expiring within seven days', () => {
    expect(expiresSoon(tx('AUTHORIZED', { remaining: 10_000 }, 6.9), now)).toBe(true)
    expect(expiresSoon(tx('AUTHORIZED', { remaining: 10_000 }, 7), now)).toBe(true)
    expect(expiresSoon(tx('AUTHORIZED', { remaining: 10_000 }, 7.1), now)).toBe(false)
    expect(expiresSoon(tx('AUTHORIZED', { remaining: 10_000 }, -1), now)).toBe(false)
    expect(expiresSoon(tx('SETTLED', { settled: 10_000, remaining: 10_000 }, 2), now)).toBe(false)
  })

  it('bounds each action by what remains', () => {
    const open = tx('AUTHORIZED', { remaining: 10_000 })
    expect(actionLimit(open, 'settle', now)).toBe(10_000)
    expect(actionLimit(open, 'cancel', now)).toBe(10_000)
    expect(actionLimit(open, 'refund', now)).toBe(0)
    const partlyRefunded = tx('PARTIALLY_REFUNDED', { settled: 10_000, refunded: 2_500, remaining: 7_500 })
    expect(actionLimit(partlyRefunded, 'refund', now)).toBe(7_500)
    expect(actionLimit(partlyRefunded, 'settle', now)).toBe(0)
    expect(actionLimit(tx('AUTHORIZED', { remaining: 10_000 }, -1), 'settle', now)).toBe(0)
  })

  it('offers the actions the user may take that apply to the transaction', () => {
    const settled = tx('SETTLED', { settled: 10_000, remaining: 10_000 })
    expect(availableActions(settled, WRITER, now)).toEqual(['refund'])
    expect(availableActions(tx('AUTHORIZED', { remaining: 10_000 }), WRITER, now)).toEqual([
      'settle',
      'cancel',
    ])
    expect(availableActions(settled, READER, now)).toEqual([])
    expect(availableActions(tx('AUTHORIZED', { remaining: 1 }), { ...READER, cancel: true }, now)).toEqual([
      'cancel',
    ])
    expect(availableActions(tx('REFUNDED', { settled: 10_000, refunded: 10_000 }), WRITER, now)).toEqual([])
  })
})
