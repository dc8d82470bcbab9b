import { useLingui } from '@lingui/react'
import { useMemo } from 'react'
import { type Locale, supportedLocale } from '../../i18n/locales'

export interface SettingsFormat {
  locale: Locale
  /** Minor units of the merchant's currency, e.g. 2500 → "$25.00". */
  money(minor: number): string
  /** Date and time in the merchant's time zone. */
  dateTime(date: Date): string
  date(date: Date): string
  /** A rate given in percent, e.g. 9.99 → "9.99%". */
  percent(value: number): string
  /** The currency's symbol, for amount inputs. */
  currencySymbol: string
}

/** Formatters in the active locale, the merchant's currency and the merchant's time zone. */
export function useSettingsFormat(merchant: { currency: string; timeZone: string }): SettingsFormat {
  const { i18n } = useLingui()
  const locale = supportedLocale(i18n.locale)
  const { currency, timeZone } = merchant
  return useMemo(() => {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency })
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone })
    const percent = new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    })
    const symbol = money.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency
    return {
      locale,
      money: (minor) => money.format(minor / 100),
      dateTime: (value) => dateTime.format(value),
      date: (value) => date.format(value),
      percent: (value) => percent.format(value / 100),
      currencySymbol: symbol,
    }
  }, [currency, timeZone, locale])
}
