import { csvCell } from '../../../shared/csv'

/**
 * Byte order mark at the start of the file: without it, Excel reads UTF-8 as Windows-1252 and
 * garbles accented names.
 */
export const CSV_BOM = '\uFEFF'

/**
 * One record with its CRLF line end, written page by page as the export goes; the cells are
 * escaped, and kept from running as formulas, by the shared csvCell.
 */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}
