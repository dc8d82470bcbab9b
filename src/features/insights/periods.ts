/**
 * Periods of the insights page, as calendar dates in the merchant's time zone (see
 * ../transactions/calendar.ts for the one time-zone rule). Plain integer arithmetic on `yyyy-MM-dd`
 * dates. The platform cuts its answer into the same buckets with code of its own (the sandbox's in
 * sandbox/resources/insight-periods.ts); the insights tests check that the two agree.
 */
import type { InsightInterval } from '../../api/schemas/insights'
import { addDays, daysBetween, type IsoDate, startOfDayIn } from '../../shared/calendar'

export interface DateRange {
  from: IsoDate
  to: IsoDate
}

/** Days in an inclusive range (1 for a single day). */
export function rangeLength({ from, to }: DateRange): number {
  return daysBetween(from, to) + 1
}

/**
 * The period just before `range` with as many days: the 31 days of March compare with the 31 days
 * before them (January 29 to February 28 in a common year), a week with the week before.
 */
export function previousRange(range: DateRange): DateRange {
  const length = rangeLength(range)
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) }
}

/** 0 for Sunday … 6 for Saturday; weeks start on Sunday, as in the merchant's calendar and date picker. */
export function weekday(date: IsoDate): number {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay()
}

/**
 * The range cut into buckets, oldest first: one per day, or one per week (Sunday to Saturday) with
 * the first and last weeks cut to the range, so every bucket holds only days of the range.
 */
export function bucketRanges(range: DateRange, interval: InsightInterval): DateRange[] {
  const buckets: DateRange[] = []
  let from = range.from
  while (from <= range.to) {
    const end = interval === 'day' ? from : addDays(from, 6 - weekday(from))
    const to = end > range.to ? range.to : end
    buckets.push({ from, to })
    from = addDays(to, 1)
  }
  return buckets
}

/**
 * The first instant of every day of the range and the instant the range ends, in ms: `n + 1` values
 * for `n` days. Days around daylight-saving changes are 23 or 25 hours long; each start is computed
 * in the zone, never added as 24 hours.
 */
export function dayStarts(range: DateRange, timeZone: string): number[] {
  const length = rangeLength(range)
  return Array.from({ length: length + 1 }, (_, day) => startOfDayIn(addDays(range.from, day), timeZone))
}

/**
 * Which day of the range an instant falls on (0 for `from`), given the range's `dayStarts`; -1 when it
 * falls outside the range.
 */
export function dayIndexOf(instant: number, starts: readonly number[]): number {
  const first = starts[0]
  const end = starts[starts.length - 1]
  if (first === undefined || end === undefined || instant < first || instant >= end) return -1
  let low = 0
  let high = starts.length - 2
  // The last start at or before the instant.
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((starts[middle] as number) <= instant) low = middle
    else high = middle - 1
  }
  return low
}

/** For each day of the range, the index of the bucket holding it. */
export function bucketOfDay(buckets: readonly DateRange[]): number[] {
  const days: number[] = []
  buckets.forEach((bucket, index) => {
    for (let day = 0; day < rangeLength(bucket); day++) days.push(index)
  })
  return days
}
