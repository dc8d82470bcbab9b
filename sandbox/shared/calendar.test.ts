import { describe, expect, it } from 'vitest'
import {
  addDays,
  dateIn,
  dayRangeIn,
  dayStartIn,
  daysBetween,
  parseCalendarDate,
  todayIn,
  weekdayOf,
} from './calendar'

const DAY_MS = 86_400_000
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

describe("the platform's calendar", () => {
  it('reads real dates only', () => {
    expect(parseCalendarDate('2024-02-29')).toBe('2024-02-29')
    expect(parseCalendarDate(' 2026-11-26 ')).toBe('2026-11-26')
    for (const text of ['2023-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '0000-01-01', '2026-4-30']) {
      expect(parseCalendarDate(text), text).toBeNull()
    }
    expect(parseCalendarDate('2026-11-26T00:00:00Z')).toBeNull()
    expect(parseCalendarDate('2000-02-29')).toBe('2000-02-29')
  })

  it('counts whole days as the Gregorian calendar does, across leap years and centuries', () => {
    // Date's own UTC arithmetic is the yardstick here: no time zone is involved.
    const start = Date.UTC(1899, 11, 25)
    for (let day = 0; day < 160_000; day += 37) {
      const expected = utcDate(start + day * DAY_MS)
      expect(addDays('1899-12-25', day)).toBe(expected)
      expect(daysBetween('1899-12-25', expected)).toBe(day)
      expect(weekdayOf(expected)).toBe(new Date(start + day * DAY_MS).getUTCDay())
    }
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9)
  })

  it('starts each day at the first instant the zone’s clock shows it, daylight saving or not', () => {
    const zones = [
      'America/Denver',
      'Europe/Paris',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'Pacific/Kiritimati',
    ]
    for (const zone of zones) {
      for (let date = '2025-01-01'; date < '2027-01-01'; date = addDays(date, 5)) {
        const start = dayStartIn(date, zone)
        expect(dateIn(start, zone), `${zone} ${date}`).toBe(date)
        expect(dateIn(start - 1, zone), `${zone} ${date}`).toBe(addDays(date, -1))
      }
    }
  })

  it('starts a day whose midnight the clock skips at 01:00 (Havana, Santiago)', () => {
    // Cuba moves from 00:00 CST to 01:00 CDT on 8 March 2026; Chile from 00:00 to 01:00 on 6 September.
    expect(new Date(dayStartIn('2026-03-08', 'America/Havana')).toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    )
    expect(new Date(dayStartIn('2026-09-06', 'America/Santiago')).toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    )
  })

  it('gives a range of dates as instants, open where a date is missing', () => {
    const zone = 'America/New_York'
    expect(dayRangeIn('2026-03-08', '2026-03-08', zone)).toEqual({
      start: Date.parse('2026-03-08T05:00:00Z'),
      end: Date.parse('2026-03-09T04:00:00Z'),
    })
    expect(dayRangeIn(null, null, zone)).toEqual({
      start: Number.NEGATIVE_INFINITY,
      end: Number.POSITIVE_INFINITY,
    })
    expect(todayIn(zone, Date.parse('2026-03-09T03:59:59.999Z'))).toBe('2026-03-08')
  })
})
