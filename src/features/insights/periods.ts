/**
 * Periods of the insights page, as calendar dates in the merchant's time zone (see
 * ../../shared/calendar.ts for the one time-zone rule). The platform cuts its answer into buckets and
 * works out the period before; the page only checks how long a chosen period is.
 */
import { daysBetween, type IsoDate } from '../../shared/calendar'

export interface DateRange {
  from: IsoDate
  to: IsoDate
}

/** Days in an inclusive range (1 for a single day). */
export function rangeLength({ from, to }: DateRange): number {
  return daysBetween(from, to) + 1
}
