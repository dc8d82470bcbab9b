import { useLingui } from '@lingui/react'
import { useMemo } from 'react'
import { isLocale, type Locale, SOURCE_LOCALE } from '../i18n/locales'

export interface MerchantFormat {
  locale: Locale
  money(cents: number): string
  /** Date and time in the merchant's time zone. */
  dateTime(date: Date): string
  /** Date in the merchant's time zone. */
  date(date: Date): string
}

/**
 * Formatters in the active locale, the merchant's currency and the merchant's time zone: the same
 * Intl options as src/i18n/format.ts (see money.test.ts), built once per locale and merchant rather
 * than once per table cell, because building an Intl formatter costs far more than using one.
 */
export function merchantFormat(
  merchant: { currency: string; timeZone: string },
  locale: Locale,
): MerchantFormat {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: merchant.currency })
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: merchant.timeZone,
  })
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: merchant.timeZone })
  return {
    locale,
    money: (cents) => money.format(cents / 100),
    dateTime: (value) => dateTime.format(value),
    date: (value) => date.format(value),
  }
}

export function useMerchantFormat(merchant: { currency: string; timeZone: string }): MerchantFormat {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE
  const { currency, timeZone } = merchant
  return useMemo(() => merchantFormat({ currency, timeZone }, locale), [currency, timeZone, locale])
}
