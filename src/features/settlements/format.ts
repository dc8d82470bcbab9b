import { useLingui } from '@lingui/react'
import { useMemo } from 'react'
import { type Locale, supportedLocale } from '../../i18n/locales'
import type { IsoDate } from '../../shared/calendar'
import { type MerchantFormat, merchantFormat } from '../../shared/use-merchant-format'

export interface ReportFormat extends MerchantFormat {
  /**
   * A calendar date from the platform (a Date at midnight UTC, CONTRACT section 3). It already is the
   * merchant's date, so it is shown as it is; reading it in the merchant's zone would show the day before.
   */
  calendarDate(date: Date): string
  /** Just the time of day, in the merchant's time zone. */
  time(date: Date): string
}

export function reportFormat(merchant: { currency: string; timeZone: string }, locale: Locale): ReportFormat {
  const calendar = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: merchant.timeZone })
  return {
    ...merchantFormat(merchant, locale),
    calendarDate: (date) => calendar.format(date),
    time: (date) => time.format(date),
  }
}

export function useReportFormat(merchant: { currency: string; timeZone: string }): ReportFormat {
  const { i18n } = useLingui()
  const locale = supportedLocale(i18n.locale)
  const { currency, timeZone } = merchant
  return useMemo(() => reportFormat({ currency, timeZone }, locale), [currency, timeZone, locale])
}

/** A calendar date from the platform back as `yyyy-MM-dd`. */
export function isoDateOf(date: Date): IsoDate {
  return date.toISOString().slice(0, 10)
}
