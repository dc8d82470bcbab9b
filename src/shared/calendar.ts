/**
 * The one time-zone rule (issue 6): a merchant's transactions are dated in the merchant's time zone.
 * Filters work on calendar dates (`yyyy-MM-dd`, no time, no zone); a calendar date becomes instants
 * only on the platform, which reads it in the merchant's zone. Requests carry calendar dates as Dates
 * at midnight UTC, which the API client writes as `yyyy-MM-dd` (CONTRACT section 3).
 *
 * Plain Intl and integer arithmetic: this module is part of the route's search validation, which sits
 * in the main bundle, and it is shared with the sandbox.
 */

/** A calendar date as `yyyy-MM-dd`. */
export type IsoDate = string

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const FILTER_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0')
}

function isoOf(year: number, month: number, day: number): IsoDate | null {
  if (year < 1 || month < 1 || month > 12 || day < 1) return null
  const utc = new Date(Date.UTC(year, month - 1, day))
  // Date.UTC rolls 02/30 over into March; a real date survives the round trip unchanged.
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day)
    return null
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** `yyyy-MM-dd` when it names a real date, else null. */
export function parseIsoDate(value: string): IsoDate | null {
  const match = ISO_PATTERN.exec(value.trim())
  if (!match) return null
  return isoOf(Number(match[1]), Number(match[2]), Number(match[3]))
}

/** `MM/dd/yyyy` (how the date filter shows dates) when it names a real date, else null. */
export function parseFilterDate(value: string): IsoDate | null {
  const match = FILTER_PATTERN.exec(value.trim())
  if (!match) return null
  return isoOf(Number(match[3]), Number(match[1]), Number(match[2]))
}

/** `yyyy-MM-dd` → `MM/dd/yyyy`. */
export function toFilterDate(date: IsoDate): string {
  const [year, month, day] = date.split('-')
  return `${month}/${day}/${year}`
}

function utcMidnight(date: IsoDate): number {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  return Date.UTC(year, month - 1, day)
}

/** Whole calendar days, whatever daylight saving does to the clock that day. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(utcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10)
}

export function startOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 8)}01`
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS)
}

/**
 * A calendar date as the API client should send it: a Date at midnight UTC, which it writes as
 * `yyyy-MM-dd`. The platform reads that date in the merchant's time zone.
 */
export function asRequestDate(date: IsoDate): Date {
  return new Date(utcMidnight(date))
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    partsFormatters.set(timeZone, formatter)
  }
  return formatter
}

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wallClock(instant: number, timeZone: string): WallClock {
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 }
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value)
  }
  return clock
}

/** The calendar date an instant falls on in a time zone. */
export function calendarDateIn(instant: Date | number, timeZone: string): IsoDate {
  const { year, month, day } = wallClock(typeof instant === 'number' ? instant : instant.getTime(), timeZone)
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** Today in the merchant's time zone (not the browser's: a merchant in Denver read from Paris). */
export function todayIn(timeZone: string, now: Date | number = Date.now()): IsoDate {
  return calendarDateIn(now, timeZone)
}

/** The zone's offset from UTC at an instant, in ms (negative west of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClock(instant, timeZone)
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second)
  return asUtc - Math.floor(instant / 1000) * 1000
}

/**
 * The first instant of a calendar date in a time zone, in ms since the epoch: local midnight, or where a
 * zone moves its clocks forward at midnight (Havana, Santiago, Amman) and the date begins at 01:00, the
 * instant of that change. Days around daylight-saving changes are 23 or 25 hours long, so the next day's
 * start is computed, never added as 24 hours.
 */
export function startOfDayIn(date: IsoDate, timeZone: string): number {
  const midnight = utcMidnight(date)
  // The offsets in force a day and a half either side: a day has at most one change near its midnight.
  const before = offsetAt(midnight - 36 * HOUR_MS, timeZone)
  const after = offsetAt(midnight + 36 * HOUR_MS, timeZone)
  // Local midnight read with each offset; where both exist (a change back at midnight), the earlier.
  const midnights = [midnight - before, midnight - after]
    .filter((instant) => instant + offsetAt(instant, timeZone) === midnight)
    .sort((a, b) => a - b)
  const [first] = midnights
  if (first !== undefined) return first
  // No local midnight: the clocks jumped over it. The date begins at the jump, found between the
  // instant still on the previous date and the one already past midnight.
  let previous = midnight - after
  let next = midnight - before
  while (next - previous > 1) {
    const middle = Math.floor((previous + next) / 2)
    if (middle + offsetAt(middle, timeZone) >= midnight) next = middle
    else previous = middle
  }
  return next
}

/** `[start, end)` instants of the inclusive calendar range `from`–`to` in a time zone. */
export function instantRangeIn(
  from: IsoDate | null,
  to: IsoDate | null,
  timeZone: string,
): { start: number; end: number } {
  return {
    start: from ? startOfDayIn(from, timeZone) : Number.NEGATIVE_INFINITY,
    end: to ? startOfDayIn(addDays(to, 1), timeZone) : Number.POSITIVE_INFINITY,
  }
}

/** How dates are shown in date filters (a dayjs format, as the date picker takes it). */
export const FILTER_DATE_FORMAT = 'MM/DD/YYYY'

/** The zone's name as people read it ("Mountain Time"), or its id when Intl has no name for it. */
export function zoneName(timeZone: string, locale: string): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((candidate) => candidate.type === 'timeZoneName')
  return part?.value ?? timeZone
}
