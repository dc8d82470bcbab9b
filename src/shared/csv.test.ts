import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildCsv, csvCell, guardCsv, neutralise, parseCsv } from './csv'

/** The separators a spreadsheet may split a line on, by locale and by how the file is opened. */
const SEPARATORS = [',', ';', '\t', '|']
const FORMULA_CHARACTERS = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/

/** Text rich in what matters here: separators, quotes, line breaks, spaces, formula starts, digits. */
const risky = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...SEPARATORS, ...FORMULA_CHARACTERS, '"', "'", '\n', ' ', '\u00A0', '\u3000', '1', '.'),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  maxLength: 12,
})
const cell = fc.oneof(
  risky,
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
)

/** What a spreadsheet would take for a formula: its first character after spaces starts one. */
function runsAsFormula(field: string): boolean {
  const first = field.replace(/^\p{Zs}+/u, '').charAt(0)
  return FORMULA_CHARACTERS.includes(first) && !PLAIN_NUMBER.test(field)
}

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

  it('quotes the separators other locales split on: semicolon, tab and bar', () => {
    expect(csvCell("Bob;=cmd|' /C calc'!A0")).toBe(`"Bob;=cmd|' /C calc'!A0"`)
    expect(csvCell('a|b')).toBe('"a|b"')
    expect(csvCell('a\tb')).toBe('"a\tb"')
    // Opened in a semicolon locale, the line is still one cell that starts with the name.
    expect(parseCsv(`${csvCell("Bob;=cmd|' /C calc'!A0")}\r\n`, ';')).toEqual([["Bob;=cmd|' /C calc'!A0"]])
  })

  it('keeps text from running as a spreadsheet formula, but leaves numbers alone', () => {
    expect(csvCell('=HYPERLINK("http://evil.test")')).toBe(`"'=HYPERLINK(""http://evil.test"")"`)
    expect(csvCell('+1 555')).toBe("'+1 555")
    expect(csvCell('-cmd')).toBe("'-cmd")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tx')).toBe(`"'\tx"`)
    expect(csvCell('\r=1')).toBe(`"'\r=1"`)
    expect(csvCell('-12.50')).toBe('-12.50')
    expect(csvCell(-3)).toBe('-3')
    expect(csvCell(12.5)).toBe('12.5')
    expect(csvCell(0)).toBe('0')
    expect(() => csvCell(Number.NaN)).toThrow(RangeError)
  })

  it('looks past leading spaces and reads full-width formula characters', () => {
    expect(csvCell('  =1+1')).toBe("'  =1+1")
    expect(csvCell('\u3000@SUM(A1)')).toBe("'\u3000@SUM(A1)")
    expect(csvCell('\uFF1DHYPERLINK("http://x")')).toBe(`"'\uFF1DHYPERLINK(""http://x"")"`)
    expect(csvCell('\uFF0B1')).toBe("'\uFF0B1")
    expect(csvCell('\uFF0Dcmd')).toBe("'\uFF0Dcmd")
    expect(csvCell('\uFF20A1')).toBe("'\uFF20A1")
    expect(csvCell(' -12.50')).toBe("' -12.50")
  })

  it('quotes any field with a separator, a quote or a line break, and only those (any text)', () => {
    fc.assert(
      fc.property(risky, (text) => {
        const written = csvCell(text)
        const special = /[,;\t|"\r\n]/.test(neutralise(text))
        expect(written.startsWith('"') && written.endsWith('"') && written.length >= 2).toBe(special)
        if (!special) expect(written).toBe(neutralise(text))
      }),
    )
  })

  it('writes every field as one cell, in any locale, that never starts a formula unless it is a plain number (any text)', () => {
    fc.assert(
      fc.property(cell, (value) => {
        const written = csvCell(value)
        for (const separator of SEPARATORS) {
          // Read with any separator, the field is one cell holding the text, neutralised.
          expect(parseCsv(`${written}\r\n`, separator), JSON.stringify(separator)).toEqual([
            [neutralise(value)],
          ])
        }
        expect(runsAsFormula(neutralise(value))).toBe(false)
        if (PLAIN_NUMBER.test(value)) expect(written).toBe(value)
      }),
    )
  })

  it('reads back every field as written, neutralised at most once (any rows)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 4 })
          .chain((width) =>
            fc.tuple(
              fc.array(cell, { minLength: width, maxLength: width }),
              fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 4 }),
            ),
          ),
        ([header, rows]) => {
          const text = buildCsv(header, rows)
          const expected = [header, ...rows].map((row) => row.map(neutralise))
          expect(parseCsv(text)).toEqual(expected)
          for (const field of expected.flat())
            expect([field, field.slice(1)]).toContain(neutralise(field.replace(/^'/, '')))
          // Guarding a guarded file changes nothing.
          expect(guardCsv(text)).toBe(text)
        },
      ),
    )
  })

  it('guards a file from elsewhere: formulas neutralised, separators quoted, byte-order mark dropped', () => {
    const platform =
      '\uFEFFname,email\r\n=HYPERLINK("http://x"),a@x.test\r\n"Bob;=cmd|\' /C calc\'!A0",b@x.test\r\n'
    expect(guardCsv(platform)).toBe(
      `name,email\r\n"'=HYPERLINK(""http://x"")",a@x.test\r\n"Bob;=cmd|' /C calc'!A0",b@x.test\r\n`,
    )
    expect(guardCsv('a,b\n1,-2.5\n')).toBe('a,b\r\n1,-2.5\r\n')
    expect(guardCsv('')).toBe('')
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
})
