import { describe, expect, it, vi } from 'vitest'
import { insightsFormat } from '../features/insights/format'
import { formatDateTime } from '../i18n/format'
import { amountProblem, amountSearchValue, parseAmount, plainAmount } from './money'
import { merchantFormat } from './use-merchant-format'

describe('amounts people type', () => {
  it.each([
    ['125', 12_500],
    ['125.5', 12_550],
    ['125.50', 12_550],
    ['$1,250.00', 125_000],
    ['1 250,00', 125_000],
    ['12,5', 1_250],
    ['1,250', 125_000],
    ['1.250,75', 125_075],
    ['USD 40', 4_000],
    ['.99', 99],
    ['0', 0],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseAmount(text)).toBe(cents)
  })

  it.each(['', 'ten', '-5', '12.345', '1e5', '$', '12..5', '1,2,3.4.5', '12,34,5', '1.250'])(
    'refuses %j',
    (text) => {
      expect(parseAmount(text)).toBeNull()
    },
  )

  it('normalises an amount search for the platform', () => {
    expect(amountSearchValue('$1,250.5')).toBe('1250.50')
    expect(amountSearchValue('7')).toBe('7.00')
    expect(amountSearchValue('seven')).toBeNull()
  })

  // Until the cart form, card issuance and the settings pages shared this parser, each page had its own
  // rule, so these amounts were read differently (or refused) depending on the page.
  it.each([
    // A decimal comma: the cart form and the settings pages dropped commas and read 125,000 cents.
    ['12,50', 1_250],
    // European grouping: refused by the cart form and the settings pages.
    ['1.250,50', 125_050],
    // A dollar sign: refused by the settings pages (the cart form refused it after the amount).
    ['$12', 1_200],
    ['12 $', 1_200],
    // No whole part: refused by the settings pages.
    ['.5', 50],
    // The currency's code: refused everywhere but the transaction search and actions.
    ['40 USD', 4_000],
    ['usd 40', 4_000],
  ])('reads %j as %i cents on every page', (text, cents) => {
    expect(parseAmount(text)).toBe(cents)
  })

  it.each([
    // Commas out of thousands groups: the cart form and the settings pages read 1,2,3 as 123.00.
    '1,2,3',
    '1,25,0',
    '12,3456',
    // Too long to hold exactly: card issuance read it as a (rounded) huge amount.
    '99999999999999999999',
    // Signs and exponents read by none.
    '+5',
    '1e3',
  ])('refuses %j on every page', (text) => {
    expect(parseAmount(text)).toBeNull()
  })

  it('holds amounts up to 2^53 cents exactly', () => {
    expect(parseAmount('90,071,992,547,409.91')).toBe(Number.MAX_SAFE_INTEGER)
    expect(parseAmount('90071992547409.92')).toBeNull()
  })

  it('writes cents as a plain amount that reads back the same', () => {
    expect(plainAmount(0)).toBe('0.00')
    expect(plainAmount(5)).toBe('0.05')
    expect(plainAmount(125_005)).toBe('1250.05')
    expect(plainAmount(-1_250)).toBe('-12.50')
    expect(plainAmount(-99)).toBe('-0.99')
    for (const cents of [0, 1, 99, 100, 1_299_95, 10_000_000]) {
      expect(parseAmount(plainAmount(cents))).toBe(cents)
    }
  })
})

describe('refund bounds', () => {
  // 42.10 can still be refunded.
  const remaining = 4_210
  it.each([
    ['', 'required'],
    ['abc', 'invalid'],
    ['0', 'zero'],
    ['0.00', 'zero'],
    ['42.11', 'above'],
    ['100', 'above'],
    ['42.10', null],
    ['0.01', null],
    ['$42.1', null],
  ] as const)('%j → %j', (text, problem) => {
    expect(amountProblem(text, remaining)).toBe(problem)
  })
})

// ICU versions differ in which space they put before AM or a currency sign.
const spaces = (text: string) => text.replace(/\s/g, ' ')

describe('money and dates for the merchant', () => {
  it('formats cents in the currency and the active locale', () => {
    const usd = { currency: 'USD', timeZone: 'America/Denver' }
    expect(merchantFormat(usd, 'en-US').money(125_050)).toBe('$1,250.50')
    expect(spaces(merchantFormat(usd, 'fr-CA').money(125_050))).toBe('1 250,50 $ US')
    expect(merchantFormat(usd, 'es-US').money(5)).toBe('$0.05')
  })

  it("shows dates in the merchant's time zone, whatever the browser's", () => {
    // 05:30 UTC on November 1st is 01:30 EDT in New York and 23:30 MDT the day before in Denver.
    const instant = new Date('2026-11-01T05:30:00Z')
    expect(spaces(formatDateTime(instant, 'en-US', 'America/New_York'))).toBe('Nov 1, 2026, 1:30 AM')
    const dateIn = (timeZone: string) => merchantFormat({ currency: 'USD', timeZone }, 'en-US').date
    expect(dateIn('America/Denver')(instant)).toBe('Oct 31, 2026')
    expect(dateIn('America/New_York')(new Date('2026-03-01T04:00:00Z'))).toBe('Feb 28, 2026')
  })

  it('writes times in table cells exactly as the draft notice and the users page do', () => {
    const instant = new Date('2026-03-08T06:59:00Z')
    for (const locale of ['en-US', 'es-US', 'fr-CA'] as const) {
      const format = merchantFormat({ currency: 'USD', timeZone: 'America/Denver' }, locale)
      expect(format.dateTime(instant)).toBe(formatDateTime(instant, locale, 'America/Denver'))
    }
  })

  it('gives amount fields the currency symbol and rates their percent sign, in the active locale', () => {
    const denver = { currency: 'USD', timeZone: 'America/Denver' }
    expect(merchantFormat(denver, 'en-US').currencySymbol).toBe('$')
    expect(spaces(merchantFormat(denver, 'fr-CA').currencySymbol)).toBe('$ US')
    expect(merchantFormat({ currency: 'CAD', timeZone: 'America/Toronto' }, 'en-US').currencySymbol).toBe(
      'CA$',
    )
    expect(merchantFormat(denver, 'en-US').percent(9.99)).toBe('9.99%')
    expect(merchantFormat(denver, 'en-US').percent(0)).toBe('0%')
    expect(spaces(merchantFormat(denver, 'fr-CA').percent(12.5))).toBe('12,5 %')
  })

  it('keeps the formatters of each locale, currency and time zone, and builds new ones for another', () => {
    const denver = merchantFormat({ currency: 'USD', timeZone: 'America/Denver' }, 'en-US')
    expect(merchantFormat({ currency: 'USD', timeZone: 'America/Denver' }, 'en-US')).toBe(denver)
    const newYork = merchantFormat({ currency: 'USD', timeZone: 'America/New_York' }, 'en-US')
    expect(newYork).not.toBe(denver)
    expect(merchantFormat({ currency: 'USD', timeZone: 'America/Denver' }, 'fr-CA')).not.toBe(denver)
    expect(merchantFormat({ currency: 'CAD', timeZone: 'America/Denver' }, 'en-US').money(100)).toBe(
      'CA$1.00',
    )
  })

  it('builds each formatter at its first use, and once', () => {
    // A page whose first paint formats nothing (a heading) must not pay for the five formatters.
    const { NumberFormat, DateTimeFormat } = Intl
    // Spies that count the formatters built (called with `new`, so not arrow functions).
    const numbers = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function numberFormat(
      ...args: ConstructorParameters<typeof NumberFormat>
    ) {
      return new NumberFormat(...args)
    })
    const dates = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function dateTimeFormat(
      ...args: ConstructorParameters<typeof DateTimeFormat>
    ) {
      return new DateTimeFormat(...args)
    })
    try {
      const format = merchantFormat({ currency: 'EUR', timeZone: 'Europe/Paris' }, 'en-US')
      expect([numbers.mock.calls.length, dates.mock.calls.length]).toEqual([0, 0])
      expect(format.date(new Date('2026-03-08T06:59:00Z'))).toBe('Mar 8, 2026')
      expect(format.date(new Date('2026-03-09T06:59:00Z'))).toBe('Mar 9, 2026')
      expect([numbers.mock.calls.length, dates.mock.calls.length]).toEqual([0, 1])
      expect(format.money(100)).toBe('€1.00')
      expect(format.currencySymbol).toBe('€')
      expect([numbers.mock.calls.length, dates.mock.calls.length]).toEqual([1, 1])
    } finally {
      numbers.mockRestore()
      dates.mockRestore()
    }
  })
})

// The strings the three browser engines must all show (the engines suite reads them off the pages):
// pinned here so that a formatting option left to the engine's defaults shows up as a changed string.
describe('the same text in every engine', () => {
  const instant = new Date('2026-03-08T06:59:00Z')
  const denver = { currency: 'USD', timeZone: 'America/Denver' }

  it.each([
    ['en-US', '$1,234.56', 'Mar 7, 2026, 11:59 PM', 'Mar 7, 2026'],
    ['es-US', '$1,234.56', '7 mar 2026, 11:59 p.m.', '7 mar 2026'],
    ['fr-CA', '1 234,56 $ US', '7 mars 2026, 23 h 59', '7 mars 2026'],
  ] as const)('money and dates in %s', (locale, money, dateTime, date) => {
    const format = merchantFormat(denver, locale)
    expect(spaces(format.money(123_456))).toBe(money)
    expect(spaces(format.dateTime(instant))).toBe(dateTime)
    expect(spaces(format.date(instant))).toBe(date)
  })

  it.each([
    ['en-US', ['$0', '$80K', '$12.5K', '$1.2M', '$20.8M', '$999']],
    ['es-US', ['$0', '$80 K', '$12.5 K', '$1.2 M', '$20.8 M', '$999']],
    ['fr-CA', ['0 $ US', '80 k $ US', '12,5 k $ US', '1,2 M $ US', '20,8 M $ US', '999 $ US']],
  ] as const)('compact money in %s, with no trailing zero decimal', (locale, expected) => {
    const cents = [0, 8_000_000, 1_250_000, 123_456_700, 2_083_045_990, 99_900]
    const format = merchantFormat(denver, locale)
    expect(cents.map((value) => spaces(format.compactMoney(value)))).toEqual(expected)
    // The insights charts' money axis.
    const axis = insightsFormat(locale, 'USD')
    expect(cents.map((value) => spaces(axis.compactMoney(value)))).toEqual(expected)
  })
})
