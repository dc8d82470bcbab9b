import type { InsightTotals } from '../../api/schemas/insights'

export const KPI_KEYS = ['volume', 'orders', 'averageOrder', 'approvalRate', 'refunded'] as const
export type KpiKey = (typeof KPI_KEYS)[number]

export type KpiUnit = 'money' | 'count' | 'rate'

export const KPI_UNITS: Record<KpiKey, KpiUnit> = {
  volume: 'money',
  orders: 'count',
  averageOrder: 'money',
  approvalRate: 'rate',
  refunded: 'money',
}

/** Whether a rise is good news (shown in green): more refunds is not. */
export const RISE_IS_GOOD: Record<KpiKey, boolean> = {
  volume: true,
  orders: true,
  averageOrder: true,
  approvalRate: true,
  refunded: false,
}

/**
 * One figure of a period: cents for money, a count, or a rate between 0 and 1. Null when there is
 * nothing to compute it from (the average of no orders, the approval rate of no attempts).
 */
export function kpiValue(key: KpiKey, totals: InsightTotals): number | null {
  switch (key) {
    case 'volume':
      return totals.volume
    case 'orders':
      return totals.orders
    case 'averageOrder':
      return totals.orders === 0 ? null : Math.round(totals.volume / totals.orders)
    case 'approvalRate':
      return totals.attempts === 0 ? null : totals.orders / totals.attempts
    case 'refunded':
      return totals.refunded
  }
}

export type KpiChange =
  /** Nothing to compare with: no figure now, or none (or zero, which no change is relative to) before. */
  | { kind: 'none' }
  /** Less than the shown precision (0.1 %, or 0.1 percentage point). */
  | { kind: 'same' }
  /** `amount`: the relative change (0.25 for 25 %), or for a rate the difference (0.012 for 1.2 points). */
  | { kind: 'up' | 'down'; amount: number }

/** Below this a change shows as 0.0 % (or 0.0 points), so it is no change. */
const SHOWN_PRECISION = 0.0005

/**
 * The change from the previous period: relative for money and counts, in percentage points for a
 * rate (a rate's relative change reads wrongly: 50 % to 60 % is "up 10 points", not "up 20 %").
 */
export function kpiChange(current: number | null, previous: number | null, unit: KpiUnit): KpiChange {
  if (current === null || previous === null) return { kind: 'none' }
  if (unit !== 'rate' && previous === 0) return { kind: 'none' }
  const delta = unit === 'rate' ? current - previous : (current - previous) / previous
  if (Math.abs(delta) < SHOWN_PRECISION) return { kind: 'same' }
  return { kind: delta > 0 ? 'up' : 'down', amount: Math.abs(delta) }
}

/** Whether a change is good news, bad news or neither (what its colour says, next to its words). */
export function changeTone(key: KpiKey, change: KpiChange): 'good' | 'bad' | 'neutral' {
  if (change.kind !== 'up' && change.kind !== 'down') return 'neutral'
  return (change.kind === 'up') === RISE_IS_GOOD[key] ? 'good' : 'bad'
}
