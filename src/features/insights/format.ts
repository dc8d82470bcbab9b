import { COMPACT_MONEY } from '../../i18n/format'
import type { Locale } from '../../i18n/locales'

export interface InsightsFormat {
  /** A fraction (a rate, a relative change) as a percentage with one decimal: 0.932 → 93.2 %. */
  percent(value: number): string
  /** A difference of rates in percentage points, one decimal, without sign. */
  points(value: number): string
  count(value: number): string
  /** Cents as short money for chart axes ($12K, $0: never $12.0K). */
  compactMoney(cents: number): string
  /** A calendar date (a Date at midnight UTC) as the merchant reads it: Mar 8, 2026. */
  day(date: Date): string
  /** The same without the year, for chart axes: Mar 8. */
  shortDay(date: Date): string
  /** A range of calendar dates: Mar 8 – 14, 2026 (one date when both are the same day). */
  range(from: Date, to: Date): string
}

/**
 * Formatters for the insights page in the active locale. Calendar dates arrive as Dates at midnight
 * UTC (CONTRACT section 3), so they are read in UTC: the merchant's day, whatever the browser's zone.
 */
export function insightsFormat(locale: Locale, currency: string): InsightsFormat {
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const count = new Intl.NumberFormat(locale)
  const compactMoney = new Intl.NumberFormat(locale, { style: 'currency', currency, ...COMPACT_MONEY })
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const shortDay = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })
  return {
    percent: (value) => percent.format(value),
    points: (value) => oneDecimal.format(value * 100),
    count: (value) => count.format(value),
    compactMoney: (cents) => compactMoney.format(cents / 100),
    day: (date) => day.format(date),
    shortDay: (date) => shortDay.format(date),
    range: (from, to) => (from.getTime() === to.getTime() ? day.format(from) : day.formatRange(from, to)),
  }
}

/** The merchant's time zone as people name it ("Mountain Time"), for the page's note on dates. */
