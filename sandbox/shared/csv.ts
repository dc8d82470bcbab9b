/*
 * CSV as RFC 4180 writes it, and nothing more: fields joined by commas, every record ended by CRLF, a
 * field holding a comma, a double quote or a line break put in quotes with its quotes doubled.
 *
 * There is deliberately no spreadsheet-formula guard here. The platform hands over what its customers
 * typed (a customer named `=HYPERLINK(…)` comes out as typed); keeping a spreadsheet from running it is
 * the portal's job, done on every file before it is saved (src/shared/csv.ts). The targeting-export
 * route test reads a saved file built from this writer's output to prove that guard end to end.
 */

export type CsvValue = string | number

const NEEDS_QUOTING = /[",\r\n]/

function field(value: CsvValue): string {
  const text = String(value)
  return NEEDS_QUOTING.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The header and the records as one CSV text, each record (the last one too) ended by CRLF. */
export function writeCsv(header: readonly string[], records: readonly (readonly CsvValue[])[]): string {
  return [header, ...records].map((record) => `${record.map(field).join(',')}\r\n`).join('')
}
