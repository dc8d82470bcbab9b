import { useLingui } from '@lingui/react'
import { useMemo } from 'react'
import { formatNumber } from '../../i18n/format'
import { type Locale, supportedLocale } from '../../i18n/locales'

export interface ExportFormat {
  locale: Locale
  number(value: number): string
  /** Date and time in the merchant's time zone. */
  dateTime(date: Date): string
  /** A calendar date from the platform (midnight UTC): already the merchant's date, shown as it is. */
  calendarDate(date: Date): string
}

export function exportFormat(timeZone: string, locale: Locale): ExportFormat {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  const calendar = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  return {
    locale,
    number: (value) => formatNumber(value, locale),
    dateTime: (date) => dateTime.format(date),
    calendarDate: (date) => calendar.format(date),
  }
}

export function useExportFormat(timeZone: string): ExportFormat {
  const { i18n } = useLingui()
  const locale = supportedLocale(i18n.locale)
  return useMemo(() => exportFormat(timeZone, locale), [timeZone, locale])
}
