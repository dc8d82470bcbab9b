import { useLingui } from '@lingui/react'
import { useMemo } from 'react'
import { formatDate, formatDateTime } from '../../i18n/format'
import { isLocale, type Locale, SOURCE_LOCALE } from '../../i18n/locales'
import { formatCents } from './money'

export interface MerchantFormat {
  locale: Locale
  money(cents: number): string
  /** Date and time in the merchant's time zone. */
  dateTime(date: Date): string
  /** Date in the merchant's time zone. */
  date(date: Date): string
}

/** Formatters in the active locale, the merchant's currency and the merchant's time zone. */
export function useMerchantFormat(merchant: { currency: string; timeZone: string }): MerchantFormat {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE
  return useMemo(
    () => ({
      locale,
      money: (cents) => formatCents(cents, merchant.currency, locale),
      dateTime: (date) => formatDateTime(date, locale, merchant.timeZone),
      date: (date) => formatDate(date, locale, merchant.timeZone),
    }),
    [locale, merchant.currency, merchant.timeZone],
  )
}
