import { addDays, daysBetween, type IsoDate, todayIn } from '../../shared/calendar'

/** An inclusive range of calendar dates in the merchant's time zone. */
export interface CalendarRange {
  from: IsoDate
  to: IsoDate
}

/**
 * Days in a range with both ends counted, in the merchant's calendar: a range across a
 * daylight-saving change still counts its 23- or 25-hour day as one day.
 */
export function rangeDays({ from, to }: CalendarRange): number {
  return daysBetween(from, to) + 1
}

/** The `days` days up to and including the merchant's today (not the browser's). */
export function lastDays(days: number, timeZone: string, now: Date | number = Date.now()): CalendarRange {
  const today = todayIn(timeZone, now)
  return { from: addDays(today, -(days - 1)), to: today }
}

/** A range with its ends in order: a hand-edited link may name them backwards. */
export function ordered(from: IsoDate, to: IsoDate): CalendarRange {
  return from <= to ? { from, to } : { from: to, to: from }
}
