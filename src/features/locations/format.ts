import { type DayHours, WEEKDAYS, type Weekday } from '../../../contract/locations'

/** `13:30` in the locale's clock: `1:30 PM` in en-US, `13 h 30` in fr-CA. */
export function displayTime(time: string, locale: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, hours, minutes),
  )
}

/** Today's weekday where the merchant is. */
export function weekdayIn(timeZone: string, now = new Date()): Weekday {
  const short = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(now).toUpperCase()
  return WEEKDAYS.find((day) => short.startsWith(day)) ?? 'MON'
}

export function hoursOn(week: readonly DayHours[], day: Weekday): DayHours | undefined {
  return week.find((hours) => hours.day === day)
}
