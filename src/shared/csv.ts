/**
 * CSV as RFC 4180 describes it (comma-separated, CRLF line ends, fields with a comma, quote or line
 * break quoted and their quotes doubled), plus one guard spreadsheets need: a text cell starting with
 * `=`, `+`, `-`, `@`, tab or carriage return would run as a formula in Excel or Sheets, so it gets a
 * leading apostrophe (OWASP "CSV injection"). Numbers, and text that is just a number (`-12.50`),
 * are written as they are, so negative amounts stay numbers. Shared by the portal's exports and the
 * sandbox's files.
 */

export type CsvCell = string | number | null | undefined

const FORMULA_START = /^[=+\-@\t\r]/
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/
const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Cannot write ${value} to a CSV file`)
    return String(value)
  }
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The header and the rows as one CSV text, every line (the last one too) ended by CRLF. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const width = header.length
  const lines = [header.map(csvCell).join(',')]
  for (const row of rows) {
    if (row.length !== width) throw new RangeError(`A CSV row has ${row.length} cells, the header ${width}`)
    lines.push(row.map(csvCell).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}

/** Integer cents as a plain decimal amount (`-1250` → `-12.50`), which every spreadsheet reads as a number. */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
