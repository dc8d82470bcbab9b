import { setupI18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import { createCsvWriter, DEFAULT_EXPORT_COLUMNS, type ExportContext, zonedClock } from './columns'
import { CSV_BOM, csvRow } from './csv'
import { exportFileName, fileSlug } from './file-name'

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } })
const PROGRAM = '00000000-0000-4000-8000-000000000002'
const context: ExportContext = {
  timeZone: 'America/Denver',
  programNames: new Map([[PROGRAM, 'Acme Online']]),
  i18n,
}

function item(overrides: Partial<TransactionListItem> = {}): TransactionListItem {
  return {
    id: 'TX-7K2M9Q4P',
    merchantID: '00000000-0000-4000-8000-000000000001',
    orderId: 'AO-1049213',
    createdAt: new Date('2026-06-15T18:04:05.000Z'),
    customer: { name: 'Olivia Smith', email: 'olivia@example.com' },
    programID: PROGRAM,
    channel: 'ECOMM',
    currency: 'USD',
    amounts: { authorized: 125050, settled: 125050, refunded: 1000, remaining: 124050 },
    status: 'PARTIALLY_REFUNDED',
    expiresAt: new Date('2026-09-13T18:04:05.000Z'),
    dispute: null,
    ...overrides,
  }
}

/** The file's records split into cells (these fixtures quote no line breaks). */
function records(text: string): string[] {
  return text.split('\r\n').slice(0, -1)
}

describe('CSV records', () => {
  it('quotes commas, quotes and line breaks, and doubles quotes', () => {
    expect(csvRow(['plain', 'a,b', 'say "hi"', 'two\nlines'])).toBe(
      'plain,"a,b","say ""hi""","two\nlines"\r\n',
    )
  })

  it('keeps cells that a spreadsheet would run as formulas as text', () => {
    expect(csvRow(['=HYPERLINK("http://evil.test","x")', '+1+2', '-2+3', '@SUM(A1)', '\tx'])).toBe(
      `"'=HYPERLINK(""http://evil.test"",""x"")",'+1+2,'-2+3,'@SUM(A1),"'\tx"\r\n`,
    )
  })

  it('starts the file with a byte order mark so spreadsheets read UTF-8', () => {
    expect(CSV_BOM).toBe('\uFEFF')
  })
})

describe('the transaction CSV writer', () => {
  it('writes the default columns in order, amounts as plain decimals', () => {
    const writer = createCsvWriter(DEFAULT_EXPORT_COLUMNS, context)
    expect(records(writer.header())).toEqual([
      'Date (America/Denver),Date (UTC),Transaction ID,Order ID,Customer name,Customer email,Program,Status,Currency,Authorized amount,Settled amount,Refunded amount',
    ])
    expect(records(writer.rows([item()]))).toEqual([
      '2026-06-15 12:04:05,2026-06-15T18:04:05.000Z,TX-7K2M9Q4P,AO-1049213,Olivia Smith,olivia@example.com,Acme Online,Partially refunded,USD,1250.50,1250.50,10.00',
    ])
  })

  it('writes only the chosen columns, in the table order whatever order they were chosen in', () => {
    const writer = createCsvWriter(['remaining', 'channel', 'id', 'programId'], context)
    expect(records(writer.header())).toEqual(['Transaction ID,Program ID,Channel,Remaining amount'])
    expect(records(writer.rows([item({ channel: 'INSTORE' })]))).toEqual([
      `TX-7K2M9Q4P,${PROGRAM},In store,1240.50`,
    ])
  })

  it('neutralises a customer name built to run as a formula', () => {
    const writer = createCsvWriter(['customerName'], context)
    const hostile = item({ customer: { name: '=cmd|"/c calc"!A0', email: 'x@example.com' } })
    expect(writer.rows([hostile])).toBe(`"'=cmd|""/c calc""!A0"\r\n`)
  })

  it('names a program that is no longer active by its id', () => {
    const writer = createCsvWriter(['program'], context)
    const other = '00000000-0000-4000-8000-0000000000ff'
    expect(writer.rows([item({ programID: other })])).toBe(`${other}\r\n`)
  })
})

describe("timestamps on the merchant's clock", () => {
  const clock = zonedClock('America/Denver')

  it('skips the hour that daylight saving time leaves out in March', () => {
    expect(clock.local(new Date('2026-03-08T08:59:59Z'))).toBe('2026-03-08 01:59:59')
    expect(clock.local(new Date('2026-03-08T09:00:00Z'))).toBe('2026-03-08 03:00:00')
  })

  it('shows the hour repeated in November twice, told apart by the UTC column', () => {
    const writer = createCsvWriter(['dateLocal', 'dateUtc'], context)
    const first = item({ createdAt: new Date('2026-11-01T07:30:00Z') })
    const second = item({ createdAt: new Date('2026-11-01T08:30:00Z') })
    expect(records(writer.rows([first, second]))).toEqual([
      '2026-11-01 01:30:00,2026-11-01T07:30:00.000Z',
      '2026-11-01 01:30:00,2026-11-01T08:30:00.000Z',
    ])
  })

  it('dates a sale made on the evening of a month end in that month, not the next one', () => {
    expect(clock.local(new Date('2026-02-01T05:30:00Z'))).toBe('2026-01-31 22:30:00')
    expect(clock.local(new Date('2026-01-01T06:59:59Z'))).toBe('2025-12-31 23:59:59')
  })

  it('writes midnight as 00, never 24', () => {
    expect(clock.local(new Date('2026-06-16T06:00:00Z'))).toBe('2026-06-16 00:00:00')
  })
})

describe('the file name', () => {
  it("is the merchant's name and the date in the merchant's time zone", () => {
    expect(exportFileName({ name: 'Acme Outdoor', timeZone: 'America/Denver' }, '2026-11-22')).toBe(
      'acme-outdoor-transactions-2026-11-22.csv',
    )
  })

  it('dates the file by the merchant’s calendar, not the browser’s', () => {
    // 03:00 UTC on the 23rd is still the 22nd in Denver.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-23T03:00:00Z'))
    try {
      expect(exportFileName({ name: 'Acme Outdoor', timeZone: 'America/Denver' })).toBe(
        'acme-outdoor-transactions-2026-11-22.csv',
      )
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps only letters and digits of any name', () => {
    expect(fileSlug('Café Müller & Söhne, Inc.')).toBe('cafe-muller-sohne-inc')
    expect(fileSlug('***')).toBe('merchant')
  })
})
