import { describe, expect, it } from 'vitest'
import { buildCsv, csvAmount, csvCell } from './csv'

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and doubles inner quotes', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"')
    expect(csvCell('The "Outdoor" shop')).toBe('"The ""Outdoor"" shop"')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell('')).toBe('')
  })

  it('keeps text from running as a spreadsheet formula, but leaves numbers alone', () => {
    expect(csvCell('=HYPERLINK("http://evil.test")')).toBe(`"'=HYPERLINK(""http://evil.test"")"`)
    expect(csvCell('+1 555')).toBe("'+1 555")
    expect(csvCell('-cmd')).toBe("'-cmd")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tx')).toBe("'\tx")
    expect(csvCell('-12.50')).toBe('-12.50')
    expect(csvCell(-3)).toBe('-3')
    expect(csvCell(0)).toBe('0')
    expect(() => csvCell(Number.NaN)).toThrow(RangeError)
  })

  it('writes a header and rows with CRLF line ends, and refuses a row of the wrong width', () => {
    expect(
      buildCsv(
        ['a', 'b'],
        [
          ['1', 2],
          ['x,y', null],
        ],
      ),
    ).toBe('a,b\r\n1,2\r\n"x,y",\r\n')
    expect(buildCsv(['only'], [])).toBe('only\r\n')
    expect(() => buildCsv(['a', 'b'], [['1']])).toThrow(RangeError)
  })

  it('writes cents as plain decimal amounts', () => {
    expect(csvAmount(0)).toBe('0.00')
    expect(csvAmount(5)).toBe('0.05')
    expect(csvAmount(123_456)).toBe('1234.56')
    expect(csvAmount(-1_250)).toBe('-12.50')
    expect(csvAmount(-99)).toBe('-0.99')
  })
})
