import { addDays, type IsoDate } from '../../../shared/calendar'

const formatters = new Map<string, Intl.DateTimeFormat>()

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(formatter.formatToParts(instant).find((candidate) => candidate.type === type)?.value ?? 0)
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return wall - Math.floor(instant / 1000) * 1000
}

/**
 * The instant a calendar date begins in a time zone, as an ISO string. Unlike the other lists, which
 * send calendar dates for the platform to read in the merchant's zone, the activity log takes instants.
 */
export function dayStartIn(date: IsoDate, timeZone: string): string {
  const midnight = Date.parse(`${date}T00:00:00Z`)
  const first = midnight - offsetAt(midnight, timeZone)
  // Read again at the first guess: the offset may differ there when the clocks changed in between.
  return new Date(midnight - offsetAt(first, timeZone)).toISOString()
}

/** The activity list's `from` (inclusive) and `to` (exclusive) for a range of calendar dates, both included. */
export function instantRange(
  range: { from: IsoDate | null; to: IsoDate | null },
  timeZone: string,
): { from?: string; to?: string } {
  return {
    from: range.from ? dayStartIn(range.from, timeZone) : undefined,
    to: range.to ? dayStartIn(addDays(range.to, 1), timeZone) : undefined,
  }
}
