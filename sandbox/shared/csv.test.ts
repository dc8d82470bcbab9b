import { describe, expect, it } from 'vitest'
import { writeCsv } from './csv'

describe("the platform's CSV writer", () => {
  it('writes RFC 4180: CRLF after every record, quotes only where a field needs them', () => {
    expect(
      writeCsv(
        ['name', 'note'],
        [
          ['Ana', 'a, b'],
          ['Bo "B"', 'line\nbreak'],
          ['Cy', 12.5],
        ],
      ),
    ).toBe('name,note\r\nAna,"a, b"\r\n"Bo ""B""","line\nbreak"\r\nCy,12.5\r\n')
  })

  it('writes what customers typed as they typed it, formulas included: guarding them is the portal’s job', () => {
    expect(writeCsv(['name'], [['=HYPERLINK("http://x")'], ['+1+2'], ['@SUM(A1)'], ['-2+3']])).toBe(
      'name\r\n"=HYPERLINK(""http://x"")"\r\n+1+2\r\n@SUM(A1)\r\n-2+3\r\n',
    )
  })
})
