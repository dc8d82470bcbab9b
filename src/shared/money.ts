/*
 * The one way the portal reads and writes amounts. Every amount on the wire is an integer in minor units
 * (cents) of the merchant's currency; people type and read whole currency units. Each form applies its
 * own limits (a cart line, a card, what is left to refund) to what parseAmount answers. Pages show
 * amounts with their merchant's formatters (use-merchant-format.ts).
 */

/**
 * Reads an amount the way people type it, in whole currency units: `125`, `125.5`, `$1,250.00`,
 * `1 250,00`, `1.250,75`. A lone separator followed by one or two digits is the decimal one; commas
 * between groups of three digits group thousands; a dot before three digits (`1.250`) is too ambiguous to
 * guess. Answers integer cents, or null when the text is not an amount (letters, negative, more than two
 * decimals). Limits are the caller's: each form checks the answer against its own.
 */
export function parseAmount(text: string): number | null {
  const compact = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^(?:US)?\$|^USD|USD$|\$$/gi, '')
  if (!/^(?:\d[\d.,]*|[.,]\d{1,2})$/.test(compact)) return null

  const lastDot = compact.lastIndexOf('.')
  const lastComma = compact.lastIndexOf(',')
  let whole = compact
  let fraction = ''
  let grouping: string | null = null
  if (lastDot >= 0 && lastComma >= 0) {
    // Both present: the last one is the decimal separator, the other groups thousands (1.250,75).
    const decimalAt = Math.max(lastDot, lastComma)
    whole = compact.slice(0, decimalAt)
    fraction = compact.slice(decimalAt + 1)
    grouping = decimalAt === lastDot ? ',' : '.'
  } else if (lastDot >= 0 || lastComma >= 0) {
    const at = Math.max(lastDot, lastComma)
    const separator = compact.charAt(at)
    const once = compact.indexOf(separator) === at
    const digitsAfter = compact.length - at - 1
    if (once && digitsAfter <= 2) {
      whole = compact.slice(0, at)
      fraction = compact.slice(at + 1)
    } else if (separator === ',') {
      grouping = ','
    } else {
      // A dot before three digits (12.345) is a typo or a European thousands mark: too ambiguous.
      return null
    }
  }
  if (grouping !== null) {
    const groups = new RegExp(`^\\d{1,3}(?:\\${grouping}\\d{3})*$`)
    if (!groups.test(whole)) return null
    whole = whole.split(grouping).join('')
  }
  if (!/^\d*$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'))
  // Past 2^53 cents (about 90 trillion) an amount can no longer be held exactly.
  return Number.isSafeInteger(cents) ? cents : null
}

/** The amount search as the platform takes it (`1250.00`), or null when the text is not an amount. */
export function amountSearchValue(text: string): string | null {
  const cents = parseAmount(text)
  return cents === null ? null : plainAmount(cents)
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

/**
 * Cents as a plain decimal amount (`125050` → `1250.50`, `-1250` → `-12.50`): no symbol and no grouping,
 * so an amount field can be prefilled with it (parseAmount reads it back) and a spreadsheet adds it up.
 */
export function plainAmount(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
