import { describe, expect, it } from 'vitest'
import type { InsightTotals } from '../../api/schemas/insights'
import { changeTone, kpiChange, kpiValue } from './kpis'

const totals = (patch: Partial<InsightTotals>): InsightTotals => ({
  volume: 0,
  orders: 0,
  attempts: 0,
  refunded: 0,
  refunds: 0,
  ...patch,
})

describe('kpiValue', () => {
  it('derives the average order value and the approval rate, or null when there is nothing to divide', () => {
    const week = totals({ volume: 100_050, orders: 4, attempts: 5 })
    expect(kpiValue('averageOrder', week)).toBe(25_013)
    expect(kpiValue('approvalRate', week)).toBe(0.8)
    expect(kpiValue('averageOrder', totals({}))).toBeNull()
    expect(kpiValue('approvalRate', totals({}))).toBeNull()
    expect(kpiValue('approvalRate', totals({ attempts: 3 }))).toBe(0)
  })
})

describe('kpiChange', () => {
  it('is relative for amounts and counts', () => {
    expect(kpiChange(12_500, 10_000, 'money')).toEqual({ kind: 'up', amount: 0.25 })
    expect(kpiChange(75, 100, 'count')).toEqual({ kind: 'down', amount: 0.25 })
  })

  it('is in percentage points for a rate', () => {
    const change = kpiChange(0.95, 0.9, 'rate')
    expect(change.kind).toBe('up')
    expect(change.kind === 'up' ? change.amount : 0).toBeCloseTo(0.05)
    // From no approvals at all, a rate still compares.
    expect(kpiChange(0.5, 0, 'rate')).toEqual({ kind: 'up', amount: 0.5 })
  })

  it('has nothing to compare with when the previous period had nothing', () => {
    expect(kpiChange(500, 0, 'money')).toEqual({ kind: 'none' })
    expect(kpiChange(0.9, null, 'rate')).toEqual({ kind: 'none' })
    expect(kpiChange(null, 10_000, 'money')).toEqual({ kind: 'none' })
  })

  it('calls a change below the shown precision no change', () => {
    expect(kpiChange(100_040, 100_000, 'money')).toEqual({ kind: 'same' })
    expect(kpiChange(100_050, 100_000, 'money').kind).toBe('up')
    expect(kpiChange(0, 0, 'rate')).toEqual({ kind: 'same' })
  })
})

describe('changeTone', () => {
  it('is good news when sales rise and bad news when refunds do', () => {
    const up = kpiChange(2, 1, 'count')
    expect(changeTone('volume', up)).toBe('good')
    expect(changeTone('refunded', up)).toBe('bad')
    expect(changeTone('refunded', kpiChange(1, 2, 'count'))).toBe('good')
    expect(changeTone('orders', { kind: 'none' })).toBe('neutral')
  })
})
