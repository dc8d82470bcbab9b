/**
 * The one time-zone rule (issue 6): a merchant's transactions are dated in the merchant's time zone.
 * Filters work on calendar dates (`yyyy-MM-dd`, no time, no zone); a calendar date becomes instants
 * only on the platform, which reads it in the merchant's zone. Requests carry calendar dates as Dates
 * at midnight UTC, which the API client writes as `yyyy-MM-dd` (CONTRACT section 3).
 *
 * Plain Intl and integer arithmetic: this module is part of the route's search validation, which sits
 * in the main bundle.
 */

/** A calendar date as `yyyy-MM-dd`. */
export type IsoDate = string

const DAY_MS = 24 * 60 * 60 * 1000
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
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    partsFormatters.set(timeZone, formatter)
  }
  return formatter
}

interface WallDate {
  year: number
  month: number
  day: number
}

function wallDate(instant: number, timeZone: string): WallDate {
  const date: WallDate = { year: 0, month: 0, day: 0 }
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type in date) date[part.type as keyof WallDate] = Number(part.value)
  }
  return date
}

/** The calendar date an instant falls on in a time zone. */
export function calendarDateIn(instant: Date | number, timeZone: string): IsoDate {
  const { year, month, day } = wallDate(typeof instant === 'number' ? instant : instant.getTime(), timeZone)
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** Today in the merchant's time zone (not the browser's: a merchant in Denver read from Paris). */
export function todayIn(timeZone: string, now: Date | number = Date.now()): IsoDate {
  return calendarDateIn(now, timeZone)
}

/** How dates are shown in date filters (a dayjs format, as the date picker takes it). */
export const FILTER_DATE_FORMAT = 'MM/DD/YYYY'

const zoneNames = new Map<string, string>()

/**
 * The zone's name as people read it ("Mountain Time"), or its id when Intl has no name for it; built
 * once per zone and locale (a generic name does not change with the date).
 */
export function zoneName(timeZone: string, locale: string): string {
  const key = `${locale} ${timeZone}`
  let name = zoneNames.get(key)
  if (name === undefined) {
    const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((candidate) => candidate.type === 'timeZoneName')
    name = part?.value ?? timeZone
    zoneNames.set(key, name)
  }
  return name
}

/**
 * Takes a zone's name as an earlier page load built it, so that this one's first paint (whose heading
 * names the merchant's zone) need not load the browser's date data first (see loadDateData). A name
 * this page load has built already is kept.
 */
export function rememberZoneName(timeZone: string, locale: string, name: string): void {
  const key = `${locale} ${timeZone}`
  if (!zoneNames.has(key)) zoneNames.set(key, name)
}

/**
 * Builds a time zone's name once, for its cost alone: the first date formatter of a page load loads the
 * browser's date and time-zone data (130 to 350 ms on a phone, 4× CPU; each one after it takes a few).
 * Called while the network is busy, it spares that wait to the render that shows the first date; the
 * guard calls it at every navigation, and only the first builds anything.
 */
export function loadDateData(locale: string): void {
  zoneName('UTC', locale)
}
