/**
 * The first instant of a calendar date (`yyyy-MM-dd`) in a time zone, in ms: what tests of the
 * sandbox's periods check its answers against. The portal never turns a date into instants (the
 * platform does, in the merchant's zone); this is written apart from the sandbox's own arithmetic
 * (sandbox/shared/calendar.ts), so that a test catches either being wrong.
 */
export function startOfDayIn(date: string, timeZone: string): number {
  const midnight = Date.parse(`${date}T00:00:00Z`)
  // The offsets in force a day and a half either side: a day has at most one change near its midnight.
  const before = offsetAt(midnight - 36 * HOUR_MS, timeZone)
  const after = offsetAt(midnight + 36 * HOUR_MS, timeZone)
  // Local midnight read with each offset; where both exist (clocks set back at midnight), the earlier.
  const [first] = [midnight - before, midnight - after]
    .filter((instant) => instant + offsetAt(instant, timeZone) === midnight)
    .sort((a, b) => a - b)
  if (first !== undefined) return first
  // No local midnight (Havana, Santiago: clocks set forward at midnight): the date begins at the jump,
  // found between the instant still on the previous date and the one already past midnight.
  let previous = midnight - after
  let next = midnight - before
  while (next - previous > 1) {
    const middle = Math.floor((previous + next) / 2)
    if (middle + offsetAt(middle, timeZone) >= midnight) next = middle
    else previous = middle
  }
  return next
}

const HOUR_MS = 60 * 60 * 1000

/** The zone's offset from UTC at an instant, in ms (negative west of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value)
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return asUtc - Math.floor(instant / 1000) * 1000
}
