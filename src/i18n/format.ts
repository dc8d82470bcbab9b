import type { Locale } from './locales'

/**
 * Short money for chart axes and summaries: $80K, $1.2M, $12.5K, $0. The minimum number of decimals is
 * spelled out because engines disagree on it when only the maximum is given (WebKit and Node write
 * $80.0K and $0.0, Firefox and Chromium $80K and $0).
 */
export const COMPACT_MONEY = {
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
} as const satisfies Intl.NumberFormatOptions

// Building an Intl formatter costs far more than using one (a status summary counts eight figures on
// every filter change), so each is built once per locale (and time zone) and kept.
const numberFormats = new Map<Locale, Intl.NumberFormat>()
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

export function formatNumber(value: number, locale: Locale): string {
  let format = numberFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale)
    numberFormats.set(locale, format)
  }
  return format.format(value)
}

export function formatDateTime(date: Date, locale: Locale, timeZone?: string): string {
  const key = `${locale} ${timeZone ?? ''}`
  let format = dateTimeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
    dateTimeFormats.set(key, format)
  }
  return format.format(date)
}
