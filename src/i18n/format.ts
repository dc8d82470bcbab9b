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

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale).format(value)
}

export function formatDateTime(date: Date, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date)
}
