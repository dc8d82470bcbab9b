import { useLingui } from '@lingui/react'
import { useMemo } from 'react'
import { type Locale, supportedLocale } from '../../i18n/locales'

export interface CardFormat {
  locale: Locale
  /** Integer cents in the merchant's currency. */
  money(cents: number): string
  /** `$` for USD in en-US: shown beside the amount field. */
  currencySymbol: string
  /** Date and time in the merchant's time zone. */
  dateTime(date: Date): string
}

/** Money in the merchant's currency and times in the merchant's time zone, in the active locale. */
export function useCardFormat(merchant: { currency: string; timeZone: string }): CardFormat {
  const { i18n } = useLingui()
  const locale = supportedLocale(i18n.locale)
  const { currency, timeZone } = merchant
  return useMemo(() => {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency })
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
    return {
      locale,
      money: (cents: number) => money.format(cents / 100),
      currencySymbol: money.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency,
      dateTime: (date: Date) => dateTime.format(date),
    }
  }, [currency, timeZone, locale])
}
