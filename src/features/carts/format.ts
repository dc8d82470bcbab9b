import { useLingui } from '@lingui/react'
import { useMemo } from 'react'
import { formatDate, formatDateTime, formatMoney } from '../../i18n/format'
import { type Locale, supportedLocale } from '../../i18n/locales'

export interface CartFormat {
  locale: Locale
  /** Integer cents in the merchant's currency. */
  money(cents: number): string
  /** `$` for USD in en-US: shown beside amount fields. */
  currencySymbol: string
  dateTime(date: Date): string
  date(date: Date): string
}

/** Money in the merchant's currency, dates in the merchant's time zone, both in the active locale. */
export function useCartFormat(merchant: { currency: string; timeZone: string }): CartFormat {
  const { i18n } = useLingui()
  const locale = supportedLocale(i18n.locale)
  const { currency, timeZone } = merchant
  return useMemo(
    () => ({
      locale,
      money: (cents: number) => formatMoney(cents / 100, currency, locale),
      currencySymbol:
        new Intl.NumberFormat(locale, { style: 'currency', currency })
          .formatToParts(0)
          .find((part) => part.type === 'currency')?.value ?? currency,
      dateTime: (date: Date) => formatDateTime(date, locale, timeZone),
      date: (date: Date) => formatDate(date, locale, timeZone),
    }),
    [currency, timeZone, locale],
  )
}
