import { describe, expect, it } from 'vitest'
import {
  addDays,
  asRequestDate,
  calendarDateIn,
  daysBetween,
  parseFilterDate,
  parseIsoDate,
  todayIn,
  toFilterDate,
} from './calendar'
import { matchPreset, presetRange } from './date-presets'

const NEW_YORK = 'America/New_York'

describe('calendar dates', () => {
  it('parses only real dates, in either format', () => {
    expect(parseIsoDate('2028-02-29')).toBe('2028-02-29')
    expect(parseIsoDate('2026-02-29')).toBeNull()
    expect(parseFilterDate('12/31/2026')).toBe('2026-12-31')
    expect(parseFilterDate('13/01/2026')).toBeNull()
    expect(toFilterDate('2026-03-08')).toBe('03/08/2026')
  })

  it('adds whole days across month, year and DST boundaries', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08')
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09')
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02')
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30)
  })

  it('sends calendar dates as midnight-UTC Dates, which the API client writes as yyyy-MM-dd', () => {
    expect(asRequestDate('2026-03-08').toISOString()).toBe('2026-03-08T00:00:00.000Z')
  })

  it("reads today in the merchant's zone, not the browser's", () => {
    // 03:30 UTC on March 1st is still February 28th in New York.
    const instant = Date.parse('2026-03-01T03:30:00Z')
    expect(todayIn(NEW_YORK, instant)).toBe('2026-02-28')
    expect(todayIn('UTC', instant)).toBe('2026-03-01')
    expect(calendarDateIn(new Date('2026-11-01T05:30:00Z'), NEW_YORK)).toBe('2026-11-01')
  })
})

describe('date presets in America/New_York', () => {
  it.each([
    // [now (UTC), preset, from, to]
    ['2026-03-08T06:30:00Z', 'today', '2026-03-08', '2026-03-08'],
    ['2026-03-08T06:30:00Z', 'last7', '2026-03-02', '2026-03-08'],
    ['2026-03-10T03:59:00Z', 'last7', '2026-03-03', '2026-03-09'],
    ['2026-11-01T05:30:00Z', 'last30', '2026-10-03', '2026-11-01'],
    ['2026-11-02T04:30:00Z', 'today', '2026-11-01', '2026-11-01'],
    ['2026-03-01T03:00:00Z', 'thisMonth', '2026-02-01', '2026-02-28'],
    ['2026-03-01T05:00:00Z', 'thisMonth', '2026-03-01', '2026-03-01'],
    ['2028-03-01T04:59:00Z', 'thisMonth', '2028-02-01', '2028-02-29'],
    ['2027-01-01T04:00:00Z', 'last90', '2026-10-03', '2026-12-31'],
    ['2026-12-31T23:00:00Z', 'thisMonth', '2026-12-01', '2026-12-31'],
  ] as const)('at %s, %s is %s – %s', (now, preset, from, to) => {
    expect(presetRange(preset, NEW_YORK, Date.parse(now))).toEqual({ from, to })
  })

  it('names the preset a range equals, and nothing for a custom range', () => {
    const now = Date.parse('2026-03-15T15:00:00Z')
    expect(matchPreset({ from: '2026-03-09', to: '2026-03-15' }, NEW_YORK, now)).toBe('last7')
    expect(matchPreset({ from: '2026-03-01', to: '2026-03-15' }, NEW_YORK, now)).toBe('thisMonth')
    expect(matchPreset({ from: '2026-03-02', to: '2026-03-15' }, NEW_YORK, now)).toBeNull()
    expect(matchPreset({ from: null, to: null }, NEW_YORK, now)).toBeNull()
  })
})
