import { formatMoney } from '../../i18n/format'
import type { Locale } from '../../i18n/locales'

/** Large enough for any order, small enough that cents stay exact integers. */
const MAX_CENTS = 100_000_000_000

/** Integer cents of the transaction's currency, shown with Intl in the active locale. */
export function formatCents(cents: number, currency: string, locale: Locale): string {
  return formatMoney(cents / 100, currency, locale)
}

/**
 * Reads an amount the way people type it, in whole currency units: `125`, `125.5`, `$1,250.00`,
 * `1 250,00`. The last separator is the decimal one when 1 or 2 digits follow it; a single separator
 * followed by exactly three digits groups thousands. Answers integer cents, or null when the text is
 * not an amount (letters, negative, more than two decimals).
 */
export function parseAmount(text: string): number | null {
  const compact = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^(?:US)?\$|^USD|USD$|\$$/gi, '')
  if (!/^\d[\d.,]*$|^[.,]\d{1,2}$/.test(compact)) return null

  const lastDot = compact.lastIndexOf('.')
  const lastComma = compact.lastIndexOf(',')
  const last = Math.max(lastDot, lastComma)
  let decimalAt = -1
  if (lastDot >= 0 && lastComma >= 0) {
    decimalAt = last
  } else if (last >= 0) {
    const separator = compact.charAt(last)
    const occurrences = compact.split(separator).length - 1
    const digitsAfter = compact.length - last - 1
    if (occurrences === 1 && digitsAfter !== 3) decimalAt = last
  }

  const whole = (decimalAt >= 0 ? compact.slice(0, decimalAt) : compact).replace(/[.,]/g, '')
  const fraction = decimalAt >= 0 ? compact.slice(decimalAt + 1) : ''
  if (!/^\d*$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'))
  return Number.isSafeInteger(cents) && cents <= MAX_CENTS ? cents : null
}

/** The amount search as the platform takes it (`1250.00`), or null when the text is not an amount. */
export function amountSearchValue(text: string): string | null {
  const cents = parseAmount(text)
  if (cents === null) return null
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

export type AmountProblem = 'required' | 'invalid' | 'zero' | 'above'

/**
 * Why a typed action amount cannot be sent, or null when it can: it must be an amount, above zero
 * and at most `maxCents` (what can still be settled or refunded).
 */
export function amountProblem(text: string, maxCents: number): AmountProblem | null {
  if (text.trim() === '') return 'required'
  const cents = parseAmount(text)
  if (cents === null) return 'invalid'
  if (cents === 0) return 'zero'
  if (cents > maxCents) return 'above'
  return null
}

/** Cents as a plain editable amount (`1250.5` → `1250.50`), for prefilling an amount field. */
export function centsToInput(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}
