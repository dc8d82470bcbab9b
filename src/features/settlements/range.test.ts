import { describe, expect, it } from 'vitest'
import { SETTLEMENT_MAX_DAYS } from '../../../contract/settlements'
import { lastDays, ordered, rangeDays } from './range'
import { rangeFromSearch, settlementSearchSchema } from './search'

const DENVER = 'America/Denver'
const HOUR = 3_600_000
/** Over the limit, as the settlement report's route decides before it asks the platform. */
const limit = (from: string, to: string) => rangeDays({ from, to }) > SETTLEMENT_MAX_DAYS
/** Hours between two instants. */
const hoursBetween = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / HOUR

describe('the 100-day limit, counted in the merchant’s calendar days', () => {
  it('counts both ends, so 100 days is allowed and 101 is not', () => {
    expect(rangeDays({ from: '2026-05-01', to: '2026-05-01' })).toBe(1)
    expect(rangeDays({ from: '2026-01-01', to: '2026-04-10' })).toBe(100)
    expect(limit('2026-01-01', '2026-04-10')).toBe(false)
    expect(limit('2026-01-01', '2026-04-11')).toBe(true)
  })

  it('counts a 23-hour and a 25-hour day as one day each', () => {
    // Both DST changes of 2026 in Denver (March 8 and November 1) fall inside these ranges.
    const spring = { from: '2026-02-27', to: '2026-06-06' }
    expect(rangeDays(spring)).toBe(100)
    // Denver's midnights: MST (UTC-7) on February 27, MDT (UTC-6) on June 7. A naive hours ÷ 24 would
    // say 99.96 days here, and 100.04 across the fall change below.
    expect(hoursBetween('2026-02-27T07:00:00Z', '2026-06-07T06:00:00Z')).toBe(100 * 24 - 1)
    expect(limit(spring.from, spring.to)).toBe(false)
    const fall = { from: '2026-08-04', to: '2026-11-11' }
    expect(rangeDays(fall)).toBe(100)
    expect(hoursBetween('2026-08-04T06:00:00Z', '2026-11-12T07:00:00Z')).toBe(100 * 24 + 1)
    expect(limit(fall.from, fall.to)).toBe(false)
    expect(limit('2026-08-03', '2026-11-11')).toBe(true)
  })

  it('crosses month ends, February of a leap year and the year end by the calendar', () => {
    // Jan 31 + 29 days of February 2028 + March + April + 9 days of May.
    expect(rangeDays({ from: '2028-01-31', to: '2028-05-09' })).toBe(100)
    expect(rangeDays({ from: '2027-01-31', to: '2027-05-09' })).toBe(99)
    expect(rangeDays({ from: '2026-11-30', to: '2027-03-09' })).toBe(100)
    expect(limit('2026-11-30', '2027-03-10')).toBe(true)
    expect(rangeDays({ from: '2026-02-28', to: '2026-03-01' })).toBe(2)
  })
})

describe('the default range', () => {
  it('is the last 30 days of the merchant’s calendar, not the browser’s', () => {
    // 05:30 UTC on March 1 is still February 28 in Denver.
    expect(lastDays(30, DENVER, Date.parse('2026-03-01T05:30:00Z'))).toEqual({
      from: '2026-01-30',
      to: '2026-02-28',
    })
    expect(lastDays(30, 'Asia/Tokyo', Date.parse('2026-03-01T05:30:00Z'))).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    })
    // Just after midnight on the spring-forward day.
    expect(lastDays(1, DENVER, Date.parse('2026-03-08T07:05:00Z'))).toEqual({
      from: '2026-03-08',
      to: '2026-03-08',
    })
  })

  it('is what a URL without both ends asks for; a backwards range is read in order', () => {
    const now = Date.parse('2026-11-01T18:00:00Z')
    const parse = (input: Record<string, unknown>) => settlementSearchSchema['~standard'].validate(input)
    const read = (input: Record<string, unknown>) => {
      const result = parse(input)
      if (result instanceof Promise || result.issues) throw new Error('search did not validate')
      return rangeFromSearch(result.value, DENVER, now)
    }
    expect(read({})).toEqual({ from: '2026-10-03', to: '2026-11-01' })
    expect(read({ from: '10/01/2026' })).toEqual({ from: '2026-10-03', to: '2026-11-01' })
    expect(read({ from: '10/01/2026', to: '10/31/2026' })).toEqual({ from: '2026-10-01', to: '2026-10-31' })
    expect(read({ from: '10/31/2026', to: '10/01/2026' })).toEqual({ from: '2026-10-01', to: '2026-10-31' })
    // A date that does not exist falls back on its own, like any bad value in a shared link.
    expect(read({ from: '02/30/2026', to: '10/31/2026' })).toEqual({ from: '2026-10-03', to: '2026-11-01' })
    expect(ordered('2026-02-02', '2026-02-01')).toEqual({ from: '2026-02-01', to: '2026-02-02' })
  })

  it('keeps a settlement id from the URL only when it looks like one', () => {
    const result = settlementSearchSchema['~standard'].validate({ settlement: 'ST-20261101-1A2B' })
    const bad = settlementSearchSchema['~standard'].validate({ settlement: '../etc' })
    if (result instanceof Promise || bad instanceof Promise || result.issues || bad.issues) {
      throw new Error('search did not validate')
    }
    expect(result.value.settlement).toBe('ST-20261101-1A2B')
    expect(bad.value.settlement).toBeUndefined()
  })
})
