/*
 * The platform's calendar: calendar dates (`yyyy-MM-dd`) and where they begin and end in a merchant's
 * time zone. It is written apart from the portal's (src/shared/calendar.ts), and differently, on
 * purpose: the sandbox shares the wire contract with the portal, never its rules, so a day boundary got
 * wrong on one side is caught by the other (test/integration/day-boundaries.test.ts) instead of being
 * agreed on by both.
 *
 * - Dates are day numbers (days since 1970-01-01), converted with the proleptic Gregorian formulas of
 *   Howard Hinnant's `days_from_civil` and `civil_from_days`: no Date objects and no month rollover.
 * - Where a day begins is searched for, not derived from an offset: it is the first millisecond whose
 *   date on the zone's wall clock is that day, found by bisection over a window that must hold it
 *   (UTC offsets run from 12 hours behind to 14 ahead). Daylight-saving changes need no special case:
 *   a 23- or 25-hour day, or one that starts at 01:00 because the clock jumps over midnight, comes out
 *   of the same search.
 */

/** A calendar date as `yyyy-MM-dd`, no time and no zone. */
export type CalendarDate = string

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const HOUR_MS = 3_600_000
/** Local midnight lies within this much of the date's midnight in UTC, either way, in every zone. */
const SEARCH_WINDOW_MS = 16 * HOUR_MS
const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

interface Civil {
  year: number
  month: number
  day: number
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

function monthLength(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_LENGTHS[month - 1] ?? 0)
}

/** Days since 1970-01-01; the year counted from March, so the leap day ends it. */
function dayNumber({ year, month, day }: Civil): number {
  const marchYear = month <= 2 ? year - 1 : year
  const era = Math.floor(marchYear / 400)
  const yearOfEra = marchYear - era * 400
  const marchMonth = (month + 9) % 12
  const dayOfYear = Math.floor((153 * marchMonth + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

function civil(days: number): Civil {
  const shifted = days + 719_468
  const era = Math.floor(shifted / 146_097)
  const dayOfEra = shifted - era * 146_097
  // The days of the era so far, less its leap days, in 365-day years.
  const leapDays =
    Math.floor(dayOfEra / 1_460) - Math.floor(dayOfEra / 36_524) + Math.floor(dayOfEra / 146_096)
  const yearOfEra = Math.floor((dayOfEra - leapDays) / 365)
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
  return { year: era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day }
}

function format({ year, month, day }: Civil): CalendarDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function civilOf(date: CalendarDate): Civil {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number)
  return { year, month, day }
}

/** `yyyy-MM-dd` naming a real date (spaces around it allowed), else null. */
export function parseCalendarDate(text: string): CalendarDate | null {
  const match = DATE_PATTERN.exec(text.trim())
  if (!match) return null
  const parts: Civil = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
  if (parts.year < 1 || parts.month < 1 || parts.month > 12) return null
  if (parts.day < 1 || parts.day > monthLength(parts.year, parts.month)) return null
  return format(parts)
}

/** The date `days` calendar days after `date` (before it when negative). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return format(civil(dayNumber(civilOf(date)) + days))
}

/** Calendar days from `from` to `to`: 0 for the same date, negative when `to` comes first. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return dayNumber(civilOf(to)) - dayNumber(civilOf(from))
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(date: CalendarDate): number {
  // 1970-01-01, day 0, was a Thursday.
  return (((dayNumber(civilOf(date)) + 4) % 7) + 7) % 7
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()

function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let known = dateFormats.get(timeZone)
  if (!known) {
    known = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    dateFormats.set(timeZone, known)
  }
  return known
}

/** The date on the zone's wall clock at an instant (ms since the epoch), as a day number. */
function localDayNumber(instant: number, timeZone: string): number {
  const found: Civil = { year: 0, month: 0, day: 0 }
  for (const part of dateFormat(timeZone).formatToParts(instant)) {
    if (part.type === 'year' || part.type === 'month' || part.type === 'day')
      found[part.type] = Number(part.value)
  }
  return dayNumber(found)
}

/** The calendar date an instant (ms since the epoch) falls on in a time zone. */
export function dateIn(instant: number, timeZone: string): CalendarDate {
  return format(civil(localDayNumber(instant, timeZone)))
}

/** The merchant's today. */
export function todayIn(timeZone: string, now: number = Date.now()): CalendarDate {
  return dateIn(now, timeZone)
}

const dayStarts = new Map<string, number>()

/** The first instant (ms since the epoch) of a calendar date in a time zone. */
export function dayStartIn(date: CalendarDate, timeZone: string): number {
  const key = `${timeZone} ${date}`
  const known = dayStarts.get(key)
  if (known !== undefined) return known
  const target = dayNumber(civilOf(date))
  const utcMidnight = target * 24 * HOUR_MS
  // Invariant: the wall clock shows an earlier date at `before` and this date or a later one at `from`.
  let before = utcMidnight - SEARCH_WINDOW_MS
  let from = utcMidnight + SEARCH_WINDOW_MS
  if (localDayNumber(before, timeZone) >= target || localDayNumber(from, timeZone) < target) {
    throw new RangeError(`No start of ${date} found in ${timeZone}`)
  }
  while (from - before > 1) {
    const middle = Math.floor((before + from) / 2)
    if (localDayNumber(middle, timeZone) >= target) from = middle
    else before = middle
  }
  dayStarts.set(key, from)
  return from
}

/**
 * `[start, end)` in ms of the calendar dates `from` to `to`, both included, in a time zone; an open
 * end when a date is missing.
 */
export function dayRangeIn(
  from: CalendarDate | null,
  to: CalendarDate | null,
  timeZone: string,
): { start: number; end: number } {
  return {
    start: from === null ? Number.NEGATIVE_INFINITY : dayStartIn(from, timeZone),
    end: to === null ? Number.POSITIVE_INFINITY : dayStartIn(addDays(to, 1), timeZone),
  }
}
