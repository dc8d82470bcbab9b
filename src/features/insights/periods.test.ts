import { describe, expect, it } from 'vitest'
import {
  bucketOfDay,
  bucketRanges,
  dayIndexOf,
  dayStarts,
  previousRange,
  rangeLength,
  weekday,
} from './periods'

const NEW_YORK = 'America/New_York'
const HOUR = 60 * 60 * 1000
const at = (iso: string) => Date.parse(iso)

describe('previousRange', () => {
  it('is the period of equal length just before, across month ends and leap days', () => {
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    })
    expect(previousRange({ from: '2024-03-01', to: '2024-03-31' })).toEqual({
      from: '2024-01-30',
      to: '2024-02-29',
    })
    expect(previousRange({ from: '2026-01-01', to: '2026-01-07' })).toEqual({
      from: '2025-12-25',
      to: '2025-12-31',
    })
    expect(previousRange({ from: '2026-03-09', to: '2026-03-09' })).toEqual({
      from: '2026-03-08',
      to: '2026-03-08',
    })
  })

  it('counts calendar days, not 24-hour spans, over a daylight-saving change', () => {
    const range = { from: '2026-03-01', to: '2026-03-14' }
    expect(rangeLength(range)).toBe(14)
    expect(previousRange(range)).toEqual({ from: '2026-02-15', to: '2026-02-28' })
  })
})

describe('bucketRanges', () => {
  it('gives one bucket per day', () => {
    const buckets = bucketRanges({ from: '2026-02-27', to: '2026-03-02' }, 'day')
    expect(buckets.map((bucket) => bucket.from)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ])
    expect(buckets.every((bucket) => bucket.from === bucket.to)).toBe(true)
  })

  it('cuts weeks Sunday to Saturday, with the first and last weeks cut to the range', () => {
    expect(weekday('2026-03-01')).toBe(0)
    expect(bucketRanges({ from: '2026-02-25', to: '2026-03-10' }, 'week')).toEqual([
      { from: '2026-02-25', to: '2026-02-28' },
      { from: '2026-03-01', to: '2026-03-07' },
      { from: '2026-03-08', to: '2026-03-10' },
    ])
    // Over the year's end.
    expect(bucketRanges({ from: '2025-12-28', to: '2026-01-10' }, 'week')).toEqual([
      { from: '2025-12-28', to: '2026-01-03' },
      { from: '2026-01-04', to: '2026-01-10' },
    ])
    expect(bucketRanges({ from: '2026-03-04', to: '2026-03-04' }, 'week')).toEqual([
      { from: '2026-03-04', to: '2026-03-04' },
    ])
  })

  it('maps every day of the range to its bucket', () => {
    const buckets = bucketRanges({ from: '2026-02-27', to: '2026-03-09' }, 'week')
    expect(bucketOfDay(buckets)).toEqual([0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2])
  })
})

describe('days in the merchant time zone', () => {
  it('has a 23-hour day when clocks go forward (2026-03-08 in New York)', () => {
    const starts = dayStarts({ from: '2026-03-07', to: '2026-03-09' }, NEW_YORK)
    expect(starts.map((start) => new Date(start).toISOString())).toEqual([
      '2026-03-07T05:00:00.000Z',
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
      '2026-03-10T04:00:00.000Z',
    ])
    expect(((starts[2] ?? 0) - (starts[1] ?? 0)) / HOUR).toBe(23)
    // 23:30 on March 8 (EDT) is still March 8, though less than 24 hours after its midnight.
    expect(dayIndexOf(at('2026-03-09T03:30:00Z'), starts)).toBe(1)
    expect(dayIndexOf(at('2026-03-09T04:00:00Z'), starts)).toBe(2)
    // 23:59 on March 7 (EST) is March 7.
    expect(dayIndexOf(at('2026-03-08T04:59:00Z'), starts)).toBe(0)
  })

  it('has a 25-hour day when clocks go back (2026-11-01 in New York)', () => {
    const starts = dayStarts({ from: '2026-10-31', to: '2026-11-02' }, NEW_YORK)
    expect(starts.map((start) => new Date(start).toISOString())).toEqual([
      '2026-10-31T04:00:00.000Z',
      '2026-11-01T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
      '2026-11-03T05:00:00.000Z',
    ])
    expect(((starts[2] ?? 0) - (starts[1] ?? 0)) / HOUR).toBe(25)
    // Both 01:30s of November 1 (EDT, then EST) are November 1.
    expect(dayIndexOf(at('2026-11-01T05:30:00Z'), starts)).toBe(1)
    expect(dayIndexOf(at('2026-11-01T06:30:00Z'), starts)).toBe(1)
    // 23:30 on November 1 (EST) is 24.5 hours after its midnight and still November 1.
    expect(dayIndexOf(at('2026-11-02T04:30:00Z'), starts)).toBe(1)
    expect(dayIndexOf(at('2026-11-02T05:00:00Z'), starts)).toBe(2)
  })

  it('ends the range at the next midnight, month ends included', () => {
    const starts = dayStarts({ from: '2026-01-31', to: '2026-02-28' }, NEW_YORK)
    expect(starts).toHaveLength(30)
    expect(dayIndexOf(at('2026-01-31T04:59:59Z'), starts)).toBe(-1)
    expect(dayIndexOf(at('2026-01-31T05:00:00Z'), starts)).toBe(0)
    expect(dayIndexOf(at('2026-03-01T04:59:59Z'), starts)).toBe(28)
    expect(dayIndexOf(at('2026-03-01T05:00:00Z'), starts)).toBe(-1)
  })
})
