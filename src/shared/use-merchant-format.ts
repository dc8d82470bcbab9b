import { useLingui } from '@lingui/react'
import { COMPACT_MONEY } from '../i18n/format'
import { type Locale, supportedLocale } from '../i18n/locales'

/** The one formatter of what pages show about a merchant's money and times. */
export interface MerchantFormat {
  locale: Locale
  /** Integer cents in the merchant's currency: 2500 → $25.00. */
  money(cents: number): string
  /** Short money where room is scarce: $20.8M, $80K. */
  compactMoney(cents: number): string
  /** The currency's symbol in the active locale (`$` for USD in en-US), shown beside amount fields. */
  currencySymbol: string
  /** Date and time in the merchant's time zone. */
  dateTime(date: Date): string
  /** Date in the merchant's time zone. */
  date(date: Date): string
  /** A rate given in percent, up to two decimals: 9.99 → 9.99%. */
  percent(value: number): string
}

const built = new Map<string, MerchantFormat>()

/**
 * Formatters in the active locale, the merchant's currency and the merchant's time zone, built once
 * per locale and merchant and kept, because building an Intl formatter costs far more than using one
 * (the first one of a page load also loads the browser's locale and time-zone data: tens of
 * milliseconds on a phone). Times use the same Intl options as formatDateTime in src/i18n/format.ts
 * (see money.test.ts).
 */
export function merchantFormat(
  merchant: { currency: string; timeZone: string },
  locale: Locale,
): MerchantFormat {
  const key = `${locale} ${merchant.currency} ${merchant.timeZone}`
  const known = built.get(key)
  if (known) return known
  const format = buildMerchantFormat(merchant, locale)
  built.set(key, format)
  return format
}

/** `build` once, at the first call, and its result at every call after it. */
function lazily<T>(build: () => T): () => T {
  let made: { value: T } | null = null
  return () => {
    made ??= { value: build() }
    return made.value
  }
}

/**
 * Each formatter is built at its first use, not with the object: a page's first paint (its heading,
 * say) formats nothing, and building the five at once held up the first page by 160 ms on a phone
 * (4× CPU: the first one loads the locale's and the time zone's data).
 */
function buildMerchantFormat(
  merchant: { currency: string; timeZone: string },
  locale: Locale,
): MerchantFormat {
  const money = lazily(
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: merchant.currency }),
  )
  const compactMoney = lazily(
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: merchant.currency, ...COMPACT_MONEY }),
  )
  const dateTime = lazily(
    () =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: merchant.timeZone,
      }),
  )
  const date = lazily(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: merchant.timeZone }),
  )
  const percent = lazily(
    () =>
      new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 }),
  )
  const currencySymbol = lazily(
    () =>
      money()
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? merchant.currency,
  )
  return {
    locale,
    money: (cents) => money().format(cents / 100),
    compactMoney: (cents) => compactMoney().format(cents / 100),
    get currencySymbol() {
      return currencySymbol()
    },
    dateTime: (value) => dateTime().format(value),
    date: (value) => date().format(value),
    percent: (value) => percent().format(value / 100),
  }
}

export function useMerchantFormat(merchant: { currency: string; timeZone: string }): MerchantFormat {
  const { i18n } = useLingui()
  // merchantFormat keeps what it builds, so every render gets the same object.
  return merchantFormat(merchant, supportedLocale(i18n.locale))
}
