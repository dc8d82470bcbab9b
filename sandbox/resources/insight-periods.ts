import type { InsightInterval } from '../../contract/insights'
import { dayStartIn } from '../shared/calendar'

// The platform's calendar arithmetic for insights, on day numbers (days since 1970-01-01). The portal
// works its periods out with code of its own; the insights tests compare the two.

export interface DateRange {
  from: string
  to: string
}

const DAY_MS = 86_400_000
const SATURDAY = 6

const dayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)
// 1970-01-01 was a Thursday (4); Sunday is 0.
const weekdayOf = (day: number): number => (((day + 4) % 7) + 7) % 7

/** How many days an inclusive range holds. */
export function rangeLength(range: DateRange): number {
  return dayNumber(range.to) - dayNumber(range.from) + 1
}

/** The range of as many days that ends the day before `range` starts. */
export function previousRange(range: DateRange): DateRange {
  const first = dayNumber(range.from)
  return { from: dateOf(first - rangeLength(range)), to: dateOf(first - 1) }
}

/** Days, or Sunday-to-Saturday weeks cut to the range, oldest first. */
export function bucketRanges(range: DateRange, interval: InsightInterval): DateRange[] {
  const last = dayNumber(range.to)
  const buckets: DateRange[] = []
  let start = dayNumber(range.from)
  for (let day = start; day <= last; day++) {
    if (interval === 'day' || weekdayOf(day) === SATURDAY || day === last) {
      buckets.push({ from: dateOf(start), to: dateOf(day) })
      start = day + 1
    }
  }
  return buckets
}

/** The bucket of each day of the range, in order. */
export function bucketOfDay(buckets: readonly DateRange[]): number[] {
  return buckets.flatMap((bucket, index) => new Array<number>(rangeLength(bucket)).fill(index))
}

/** The start of each day of the range in the zone, then the instant the range ends (ms). */
export function dayStarts(range: DateRange, timeZone: string): number[] {
  const first = dayNumber(range.from)
  return Array.from({ length: rangeLength(range) + 1 }, (_, offset) =>
    dayStartIn(dateOf(first + offset), timeZone),
  )
}

/** The day of the range an instant falls on (0 for the first), or -1 outside it. */
export function dayIndexOf(instant: number, starts: readonly number[]): number {
  const end = starts.at(-1)
  if (end === undefined || instant >= end) return -1
  return starts.findLastIndex((start, index) => index < starts.length - 1 && start <= instant)
}
