/**
 * CSV as RFC 4180 describes it (comma-separated, CRLF line ends, quoted fields with their quotes
 * doubled), with two guards spreadsheets need (OWASP "CSV injection"):
 *
 * - A field holding any separator a spreadsheet may split on (`,`, and `;`, tab and `|`, which Excel
 *   uses in fr-CA and most European locales), a quote or a line break is quoted, so that no locale
 *   cuts it into cells of which one starts a formula (`Bob;=cmd|' /C calc'!A0`).
 * - A text field whose first character after any spaces is `=`, `+`, `-`, `@`, tab or carriage return
 *   (or a full-width `＝ ＋ － ＠`) would run as a formula in Excel or Sheets, so it gets a leading
 *   apostrophe. Numbers, and text that is just a number (`-12.50`), are written as they are, so
 *   negative amounts stay numbers.
 *
 * Shared by the portal's exports, the targeting files the platform sends (re-written through
 * `guardCsv` before they are saved) and the sandbox's files. The property tests in csv.test.ts prove
 * both guards for any text.
 */

export type CsvCell = string | number | null | undefined

/** A spreadsheet-significant first character after leading spaces (`\p{Zs}`: any space separator). */
const FORMULA_START = /^\p{Zs}*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/u
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/
const NEEDS_QUOTES = /[",;\t|\r\n]/

/** The text of one field as a spreadsheet must see it: formula-like text behind an apostrophe. */
export function neutralise(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`Cannot write ${value} to a CSV file`)
  }
  const safe = neutralise(String(value))
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')
}

/** The header and the rows as one CSV text, every line (the last one too) ended by CRLF. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const width = header.length
  for (const row of rows) {
    if (row.length !== width) throw new RangeError(`A CSV row has ${row.length} cells, the header ${width}`)
  }
  return csvLines([header, ...rows])
}

/**
 * The records of a CSV text, read as a spreadsheet reads them: a field that starts with a quote runs
 * to the closing quote (`""` inside it is one quote), anything else to the next `separator` or line
 * end; a quote inside an unquoted field is text. CRLF, LF and CR all end a record; a final line end
 * adds no empty record.
 */
export function parseCsv(text: string, separator = ','): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let fieldStart = true
  let index = 0
  const endField = () => {
    record.push(field)
    field = ''
    fieldStart = true
  }
  while (index < text.length) {
    const char = text.charAt(index)
    index++
    if (quoted) {
      if (char !== '"') field += char
      else if (text.charAt(index) === '"') {
        field += '"'
        index++
      } else quoted = false
    } else if (char === '"' && fieldStart) {
      quoted = true
      fieldStart = false
    } else if (char === separator) {
      endField()
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text.charAt(index) === '\n') index++
      endField()
      records.push(record)
      record = []
    } else {
      field += char
      fieldStart = false
    }
  }
  if (!fieldStart || record.length > 0) {
    endField()
    records.push(record)
  }
  return records
}

/**
 * A CSV text from elsewhere (the platform's targeting files) re-written through the same guards as
 * the portal's own exports; a byte-order mark at its start is dropped (saving adds one).
 */
export function guardCsv(text: string): string {
  return csvLines(parseCsv(text.replace(/^\uFEFF/, '')))
}
