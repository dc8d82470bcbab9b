import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createControl } from '../../sandbox/control'
import { FORMULA_CUSTOMER_NAME } from '../../sandbox/resources/transactions-ledger'
import { type TransactionListItem, TransactionPageReader } from '../../src/api/schemas/transactions'
import { addDays, todayIn, toFilterDate } from '../../src/shared/calendar'
import { parseCsv } from '../../src/shared/csv'
import { MERCHANT_IDS } from '../support/platform-ids'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

/** The files the portal hands to the browser, captured where the browser would receive them. */
let saved: Blob[]
// happy-dom follows a download link like any other link; a browser would save the file instead.
const keepPage = (event: MouseEvent) => {
  if (event.target instanceof HTMLAnchorElement && event.target.hasAttribute('download')) {
    event.preventDefault()
  }
}

beforeEach(() => {
  sandbox.reset()
  saved = []
  const create = URL.createObjectURL.bind(URL)
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object: Blob | MediaSource) => {
    if (object instanceof Blob) saved.push(object)
    return create(object)
  })
  document.addEventListener('click', keepPage)
})
afterEach(() => {
  document.removeEventListener('click', keepPage)
  vi.restoreAllMocks()
})

const TIME_ZONE = 'America/Denver'
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value))

async function listed(query: Record<string, string>): Promise<TransactionListItem[]> {
  const { portalToken } = await createControl(sandbox.apiUrl).session('owner@acme.test')
  const params = new URLSearchParams({ 'merchantID.eq': MERCHANT_IDS.acme, limit: '500', ...query })
  const response = await fetch(`${sandbox.apiUrl}/api/transactions?${params}`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2' },
  })
  return v.parse(TransactionPageReader, await response.json()).data.items
}

/** The dialog's code loads on first use (a lazy chunk, compiled on demand under Vitest). */
function exportDialog(): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name: 'Export transactions' }, { timeout: 10_000 })
}

/** CSV records split into cells; the fixture data quotes no commas or line breaks. */
function parse(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','))
}

describe('exporting transactions', () => {
  it('saves exactly the filtered transactions, in the chosen columns, with a UTC column', async () => {
    const user = userEvent.setup()
    const today = todayIn(TIME_ZONE)
    const from = addDays(today, -20)
    const expected = await listed({ status: 'REFUNDED', from, to: today })
    expect(expected.length).toBeGreaterThan(10)
    await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      as: 'owner@acme.test',
      path: `/transactions?status=${q(['REFUNDED'])}&from=${q(toFilterDate(from))}&to=${q(toFilterDate(today))}`,
    })
    await screen.findByRole('table', undefined, { timeout: 10_000 })

    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    const dialog = await exportDialog()
    expect(
      within(dialog).getByText(new RegExp(`^${expected.length} transactions match the current filters\\.`)),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('checkbox', { name: 'Customer email' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Remaining amount' }))
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }))

    const name = `acme-outdoor-transactions-${today}.csv`
    await screen.findByText(`Saved ${expected.length} transactions in ${name}.`, undefined, {
      timeout: 10_000,
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export transactions' })).toBeNull())
    expect(saved).toHaveLength(1)
    const [file] = saved
    if (!file) throw new Error('no file')
    expect(file.type).toBe('text/csv;charset=utf-8')

    const [header, ...rows] = parse(await file.text())
    expect(header).toEqual([
      'Date (America/Denver)',
      'Date (UTC)',
      'Transaction ID',
      'Order ID',
      'Customer name',
      'Program',
      'Status',
      'Currency',
      'Authorized amount',
      'Settled amount',
      'Refunded amount',
      'Remaining amount',
    ])
    expect(rows.map((row) => row[2])).toEqual(expected.map((item) => item.id))
    expect(new Set(rows.map((row) => row[6]))).toEqual(new Set(['Refunded']))
    const [first] = rows
    const [item] = expected
    if (!first || !item) throw new Error('no row')
    expect(first[1]).toBe(item.createdAt.toISOString())
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: TIME_ZONE,
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(item.createdAt)
    expect(first[0]).toBe(local)
    expect(first[8]).toBe((item.amounts.authorized / 100).toFixed(2))
  })

  it('saves a customer name that is a spreadsheet formula as text: the file keeps it from running', async () => {
    // The sandbox's oldest customer typed a formula for a name, and the platform hands it over as typed.
    const user = userEvent.setup()
    await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      as: 'owner@acme.test',
      path: `/transactions?searchType=CustomerName&search=hyperlink`,
    })
    const table = await screen.findByRole('table', undefined, { timeout: 10_000 })
    expect(await within(table).findByText(FORMULA_CUSTOMER_NAME)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    const dialog = await exportDialog()
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }))
    await screen.findByText(/^Saved 1 transaction in .+\.csv\.$/, undefined, { timeout: 10_000 })
    const [file] = saved
    if (!file) throw new Error('no file')
    const text = await file.text()

    // The cell is quoted (it holds quotes) and starts with an apostrophe, so no spreadsheet runs it.
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`)
    expect(text).not.toMatch(/(^|[,\n])"?=HYPERLINK/)
    const [header = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, ''))
    const name = header.indexOf('Customer name')
    expect(rows).toHaveLength(1)
    expect(rows[0]?.[name]).toBe(`'${FORMULA_CUSTOMER_NAME}`)
  })

  it('cancels: the request in flight is dropped, no other is sent, and no file is saved', async () => {
    // The clock runs as ever, and the test can move it on at once (see below).
    vi.useFakeTimers({ shouldAdvanceTime: true })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const app = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      as: 'owner@acme.test',
      path: `/transactions?status=${q(['SETTLED'])}`,
    })
    await screen.findByRole('table', undefined, { timeout: 10_000 })
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    const dialog = await exportDialog()

    await app.control.addFault({ method: 'GET', path: '/api/transactions', kind: 'delay', delayMs: 10_000 })
    await app.control.clearRequests()
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }))
    expect(await within(dialog).findByRole('progressbar', { name: 'Export progress' })).toBeInTheDocument()
    expect(within(dialog).getByRole('status').textContent).toMatch(/^0 of [\d,]+ transactions$/)
    await waitFor(async () =>
      expect(await app.control.requests({ method: 'GET', path: '/api/transactions' })).toHaveLength(1),
    )

    await user.click(within(dialog).getByRole('button', { name: 'Cancel export' }))
    await within(dialog).findByText('Export cancelled. No file was saved.')
    await app.control.clearFaults()
    // Past the delayed answer to the dropped request: a next page would have been asked for by then,
    // had the export gone on.
    await vi.advanceTimersByTimeAsync(15_000)
    expect(await app.control.requests({ method: 'GET', path: '/api/transactions' })).toHaveLength(1)
    expect(saved).toEqual([])
    expect(within(dialog).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument()
  })
})
