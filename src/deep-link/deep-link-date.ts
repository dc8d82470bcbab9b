import { addDays, type IsoDate, parseFilterDate, parseIsoDate, toFilterDate } from '../shared/calendar'

export interface DateRange {
  from: string
  to: string
}

/** A calendar date given as `yyyy-MM-dd` or `MM/dd/yyyy`, as `yyyy-MM-dd`; null for anything else (e.g. 02/30/2026). */
export function parseCalendarDate(value: string): IsoDate | null {
  return parseIsoDate(value) ?? parseFilterDate(value)
}

/**
 * A deep link names one day; the filter opens one day either side of it, because the link's
 * sender and the merchant may not share a time zone.
 */
export function widenDeepLinkDate(value: string): DateRange | null {
  const day = parseCalendarDate(value)
  if (!day) return null
  return { from: toFilterDate(addDays(day, -1)), to: toFilterDate(addDays(day, 1)) }
}
