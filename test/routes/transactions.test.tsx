import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createControl } from '../../sandbox/control'
import { type TransactionListItem, TransactionPageReader } from '../../src/api/schemas/transactions'
import { toFilterDate } from '../../src/shared/calendar'
import { presetRange } from '../../src/shared/date-presets'
import { MERCHANT_IDS, PROGRAM_IDS } from '../support/platform-ids'
import { itOnce } from '../support/platform-pass'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

beforeEach(() => {
  sandbox.reset()
  // happy-dom has no layout, so Mantine's focus trap finds nothing focusable in the date picker's
  // dropdown and prints the whole DOM node; the real browser suites cover focus.
  const warn = console.warn.bind(console)
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('use-focus-trap')) return
    warn(...args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** Transactions as the platform lists them, for picking test subjects. */
async function listed(query: Record<string, string>): Promise<TransactionListItem[]> {
  const { portalToken } = await createControl(sandbox.apiUrl).session('owner@acme.test')
  const params = new URLSearchParams({ 'merchantID.eq': MERCHANT_IDS.acme, limit: '5', ...query })
  const response = await fetch(`${sandbox.apiUrl}/api/transactions?${params}`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2', Accept: 'application/json' },
  })
  return v.parse(TransactionPageReader, await response.json()).data.items
}

async function subject(query: Record<string, string>): Promise<TransactionListItem> {
  const [first] = await listed(query)
  if (!first) throw new Error(`no transaction for ${JSON.stringify(query)}`)
  return first
}

function open(path: string, as = 'owner@acme.test'): Promise<RenderedApp> {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as })
}

async function table(): Promise<HTMLElement> {
  return screen.findByRole('table', undefined, { timeout: 10_000 })
}

/** The data rows (the header row left out). */
function rows(grid: HTMLElement): HTMLElement[] {
  return within(grid).getAllByRole('row').slice(1)
}

function searchOf(app: RenderedApp): Record<string, unknown> {
  return app.router.state.location.search as Record<string, unknown>
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value))

describe('the transactions page', () => {
  it('renders the first page of 25 rows, with the summary of every matching transaction', async () => {
    await open('/transactions')
    const grid = await table()
    expect(rows(grid)).toHaveLength(25)
    expect(within(grid).getByText(/sorted by date, descending; page 1 of 2,000/)).toBeInTheDocument()
    const summary = screen.getByRole('region', { name: 'Summary of matching transactions' })
    expect(within(summary).getByText('50,000 transactions')).toBeInTheDocument()
  })

  it('filters by a status chosen in the summary: the URL and the rows follow', async () => {
    const user = userEvent.setup()
    const app = await open('/transactions')
    const grid = await table()
    const summary = screen.getByRole('region', { name: 'Summary of matching transactions' })
    await app.control.clearRequests()
    await user.click(within(summary).getByRole('button', { name: /^Refunded/ }))
    await waitFor(() => expect(searchOf(app).status).toEqual(['REFUNDED']))
    await waitFor(
      () => {
        const statuses = rows(grid).map((row) => within(row).getAllByRole('cell')[5]?.textContent)
        expect(new Set(statuses)).toEqual(new Set(['Refunded']))
      },
      { timeout: 5_000 },
    )
    // One read of the rows, started by the click and found by the page's query (not a second one).
    const lists = await app.control.requests({ method: 'GET', path: '/api/transactions' })
    expect(lists.map((request) => request.query.status)).toEqual(['REFUNDED'])
  })

  it('sorts with a header button that says its order (aria-sort), kept in the URL', async () => {
    const user = userEvent.setup()
    const app = await open('/transactions')
    const grid = await table()
    await app.control.clearRequests()
    await user.click(within(grid).getByRole('button', { name: /^Amount/ }))
    await waitFor(() => expect(searchOf(app).sort).toBe('amount:desc'))
    await waitFor(() =>
      expect(
        within(grid)
          .getByRole('columnheader', { name: /Amount/ })
          .getAttribute('aria-sort'),
      ).toBe('descending'),
    )
    const lists = await app.control.requests({ method: 'GET', path: '/api/transactions' })
    expect(lists.map((request) => request.query.sort)).toEqual(['amount:desc'])
  })

  itOnce('searches once typing pauses, with one request for the whole term', async () => {
    // No pause between keys: typing faster than the debounce is the point.
    const user = userEvent.setup({ delay: null })
    const app = await open('/transactions')
    const grid = await table()
    const box = screen.getByRole('textbox', { name: 'Search' })
    const [firstRow] = rows(grid)
    const id = firstRow ? within(firstRow).getByRole('link').textContent : null
    if (!id) throw new Error('no row')
    await app.control.clearRequests()
    await user.type(box, id)
    expect(box).toHaveValue(id)
    await waitFor(() => expect(searchOf(app).search).toBe(id))
    await waitFor(() => expect(rows(grid)).toHaveLength(1))
    const searches = await app.control.requests({ method: 'GET', path: '/api/transactions' })
    expect(searches.length).toBeLessThanOrEqual(2)
  })

  it('resets every filter (the sort is not one) and empties the search box', async () => {
    const user = userEvent.setup()
    const { id } = await subject({ status: 'REFUNDED' })
    const app = await open(`/transactions?status=${q(['REFUNDED'])}&sort=amount:desc&search=${id}`)
    const grid = await table()
    const box = screen.getByRole('textbox', { name: 'Search' })
    expect(box).toHaveValue(id)
    await waitFor(() => expect(rows(grid)).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Reset filters' }))
    await waitFor(() => expect(searchOf(app)).toEqual({ sort: 'amount:desc' }))
    await waitFor(() => expect(rows(grid)).toHaveLength(25))
    expect(box).toHaveValue('')
  })

  it('restores filters from a URL: search box, type, status, page size and page', async () => {
    const cancelled = await subject({ status: 'CANCELLED' })
    const prefix = cancelled.orderId.slice(0, 6)
    const app = await open(
      `/transactions?searchType=Order&search=${prefix}&status=${q(['CANCELLED'])}&pageSize=50&page=2`,
    )
    const grid = await table()
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe(prefix)
    expect(screen.getByDisplayValue('Order ID')).toBeInTheDocument()
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0)
    expect(within(grid).getByText(/page 2 of/)).toBeInTheDocument()
    // Searching for orders shows the Order ID column, before the customer.
    const cells = rows(grid).map((row) => within(row).getAllByRole('cell'))
    expect(cells.length).toBeGreaterThan(0)
    for (const row of cells) expect(row[3]?.textContent?.startsWith(prefix)).toBe(true)
    expect(new Set(cells.map((row) => row[6]?.textContent))).toEqual(new Set(['Cancelled']))
    expect(searchOf(app)).toMatchObject({ searchType: 'Order', search: prefix, pageSize: 50, page: 2 })
  })

  it('changes what the search box looks in and how many rows show with native selects', async () => {
    const user = userEvent.setup()
    const app = await open('/transactions')
    await table()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Search by' }), 'Order ID')
    await waitFor(() => expect(searchOf(app)).toMatchObject({ searchType: 'Order' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50')
    await waitFor(() => expect(searchOf(app)).toMatchObject({ pageSize: 50 }))
    await waitFor(() => expect(rows(screen.getByRole('table'))).toHaveLength(50))
  })

  it('shows the key columns, and the lower-priority ones chosen in the URL', async () => {
    const user = userEvent.setup({ delay: null })
    const app = await open(`/transactions?columns=${q(['program'])}`)
    const grid = await table()
    // After the first column, the bulk selection's checkbox.
    expect(
      within(within(grid).getAllByRole('columnheader')[0] as HTMLElement).getByRole('checkbox', {
        name: 'Select all transactions on this page',
      }),
    ).toBeInTheDocument()
    const headers = () =>
      within(grid)
        .getAllByRole('columnheader')
        .slice(1)
        .map((header) => header.textContent)
    expect(headers()).toEqual(['Date', 'Transaction ID', 'Customer', 'Program', 'Amount', 'Status'])

    await user.click(screen.getByRole('button', { name: 'Columns' }))
    const more = await screen.findByRole('group', { name: 'More columns' })
    expect((within(more).getByRole('checkbox', { name: 'Program' }) as HTMLInputElement).checked).toBe(true)
    await user.click(within(more).getByRole('checkbox', { name: 'Order ID' }))
    await waitFor(() => expect(searchOf(app).columns).toEqual(['orderId', 'program']))
    await waitFor(() =>
      expect(headers()).toEqual([
        'Date',
        'Transaction ID',
        'Order ID',
        'Customer',
        'Program',
        'Amount',
        'Status',
      ]),
    )

    // With none chosen the URL is back to its plain form.
    await user.click(within(more).getByRole('checkbox', { name: 'Program' }))
    await user.click(within(more).getByRole('checkbox', { name: 'Order ID' }))
    await waitFor(() => expect(searchOf(app)).not.toHaveProperty('columns'))
    await waitFor(() => expect(headers()).toEqual(['Date', 'Transaction ID', 'Customer', 'Amount', 'Status']))
  })

  it("applies a date preset counted in the merchant's time zone", async () => {
    const user = userEvent.setup()
    const app = await open('/transactions')
    await table()
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: /^Date/ }))
    await user.click(await screen.findByText('Last 7 days'))
    const range = presetRange('last7', 'America/Denver')
    const from = toFilterDate(range.from)
    const to = toFilterDate(range.to)
    await waitFor(() => expect(searchOf(app)).toMatchObject({ from, to }))
    expect(await screen.findByText(`${from} – ${to}`)).toBeInTheDocument()
    // The newest rows are inside the range, read in Denver.
    const grid = await table()
    await waitFor(() => expect(within(grid).getByText(/page 1 of/)).toBeInTheDocument())
  })

  it('lands a deep link prefilled, with the widened date range shown as MM/DD/YYYY', async () => {
    const app = await open(
      `/transactions?isDeepLink=true&search=TX-0000&searchType=Transaction&merchantID=${MERCHANT_IDS.acme}&date=2026-03-01`,
    )
    // Applied once, the link leaves the filters it stands for in the address (see deep-links.test.tsx).
    expect(
      await screen.findByText('02/28/2026 – 03/02/2026', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(searchOf(app)).toEqual({ search: 'TX-0000', from: '02/28/2026', to: '03/02/2026' })
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('TX-0000')
    expect(await screen.findByText('No transactions match these filters')).toBeInTheDocument()
  })

  it('shows a READ user no action controls', async () => {
    const settled = await subject({ status: 'SETTLED' })
    await open(`/transactions?tx=${settled.id}`, 'viewer@acme.test')
    const drawer = await screen.findByRole(
      'dialog',
      { name: `Transaction ${settled.id}` },
      { timeout: 10_000 },
    )
    await within(drawer).findByText('Timeline')
    await within(drawer).findByText('Authorized', { selector: 'p' })
    expect(within(drawer).queryByRole('button', { name: /Refund|Settle|Cancel/ })).toBeNull()
    expect(within(drawer).queryByRole('group', { name: 'Actions' })).toBeNull()
  })

  it('lets a READ/WRITE user refund part of a transaction and shows the new remaining amount', async () => {
    const user = userEvent.setup()
    const settled = await subject({ status: 'SETTLED' })
    const app = await open('/transactions')
    const grid = await table()
    await app.router.navigate({ to: '/transactions', search: { tx: settled.id } })
    const drawer = await screen.findByRole('dialog', { name: `Transaction ${settled.id}` })
    await user.click(await within(drawer).findByRole('button', { name: 'Refund' }))

    const dialog = await screen.findByRole('dialog', { name: `Refund transaction ${settled.id}` })
    expect(
      within(dialog).getByText('The refund goes back to the customer and cannot be undone.'),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('radio', { name: 'Part of it' }))
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to refund/ }), '10.00')
    await user.click(within(dialog).getByRole('button', { name: 'Refund $10.00' }))

    const remaining = (settled.amounts.remaining - 1_000) / 100
    const expected = `$${remaining.toLocaleString('en-US', { minimumFractionDigits: 2 })}`
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Refund transaction/ })).toBeNull())
    expect(
      await screen.findByText(`Refunded $10.00 on ${settled.id}. Remaining: ${expected}.`),
    ).toBeInTheDocument()
    await waitFor(() => expect(within(drawer).getByText('Partially refunded')).toBeInTheDocument())
    const remainingCard = within(drawer).getByText('Remaining').parentElement
    expect(remainingCard?.textContent).toContain(expected)
    expect(grid).toBeInTheDocument()
  })

  itOnce('refuses, in the form, a partial refund above what remains', async () => {
    const user = userEvent.setup()
    const settled = await subject({ status: 'PARTIALLY_REFUNDED' })
    const app = await open(`/transactions?tx=${settled.id}`)
    const drawer = await screen.findByRole(
      'dialog',
      { name: `Transaction ${settled.id}` },
      { timeout: 10_000 },
    )
    await user.click(await within(drawer).findByRole('button', { name: 'Refund' }))
    const dialog = await screen.findByRole('dialog', { name: `Refund transaction ${settled.id}` })
    await user.click(within(dialog).getByRole('radio', { name: 'Part of it' }))
    const above = ((settled.amounts.remaining + 1) / 100).toFixed(2)
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to refund/ }), above)
    const limit = (settled.amounts.remaining / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })
    expect(await within(dialog).findByText(`You can refund at most $${limit}.`)).toBeInTheDocument()
    const confirm = within(dialog).getByRole('button', { name: 'Refund' })
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to refund/ }), '{Enter}')
    const posts = await app.control.requests({ method: 'POST', path: '/api/transactions/**' })
    expect(posts).toHaveLength(0)
    expect(screen.getByRole('dialog', { name: `Refund transaction ${settled.id}` })).toBeInTheDocument()
  })

  it("shows the 'Oops...' box when the first page cannot load", async () => {
    await createControl(sandbox.apiUrl).addFault({
      method: 'GET',
      path: '/api/transactions',
      kind: 'status',
      status: 500,
    })
    const user = userEvent.setup()
    const app = await open('/transactions')
    expect(await screen.findByText('Oops...', undefined, { timeout: 10_000 })).toBeInTheDocument()
    // Under the page's heading and filters, which stay usable.
    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument()
    expect(screen.getByRole('search', { name: 'Filter transactions' })).toBeInTheDocument()
    expect(screen.getByText('We could not load these transactions.')).toBeInTheDocument()
    await app.control.clearFaults()
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await table()).toBeInTheDocument()
    expect(screen.queryByText('Oops...')).toBeNull()
  })

  it('shows the heading and filters while the first rows are still on their way', async () => {
    await createControl(sandbox.apiUrl).addFault({
      method: 'GET',
      path: '/api/transactions',
      kind: 'delay',
      delayMs: 1_500,
    })
    await open('/transactions')
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument()
    expect((await screen.findByText('Loading transactions…')).getAttribute('role')).toBe('status')
    expect(screen.queryByRole('table')).toBeNull()
    expect(await table()).toBeInTheDocument()
  })

  it('asks for the first rows once, when the guard knows the programs', async () => {
    const control = createControl(sandbox.apiUrl)
    await control.addFault({ method: 'GET', path: '/api/program/**', kind: 'delay', delayMs: 1_500 })
    await control.clearRequests()
    await open('/transactions')
    expect(await table()).toBeInTheDocument()
    expect(await control.requests({ method: 'GET', path: '/api/transactions' })).toHaveLength(1)
  })

  it("on a returning load asks for the first rows right after the guard's one round trip: the remembered programs come with the participations", async () => {
    const control = createControl(sandbox.apiUrl)
    const programs = [PROGRAM_IDS.acmeEcomm, PROGRAM_IDS.acmeInstore]
    window.localStorage.setItem('mp:knownPrograms', JSON.stringify({ [MERCHANT_IDS.acme]: programs }))
    await control.addFault({
      method: 'GET',
      path: '/api/merchant-program-participation',
      kind: 'delay',
      delayMs: 3_000,
    })
    await control.clearRequests()
    await open('/transactions')
    // The programs' details are asked for while the participations are still on their way ...
    await waitFor(
      async () =>
        expect(
          (await control.requests({ method: 'GET', path: '/api/program/*' })).map((request) =>
            decodeURIComponent(request.path),
          ),
        ).toEqual(expect.arrayContaining(programs.map((id) => `/api/program/${id}`))),
      { timeout: 2_500 },
    )
    expect(await control.requests({ method: 'GET', path: '/api/transactions' })).toHaveLength(0)
    expect(screen.queryByRole('heading', { level: 1, name: 'Transactions' })).toBeNull()
    // ... so that once they answer the guard has all it needs, and the loader asks for the rows, once.
    expect(await table()).toBeInTheDocument()
    expect(await control.requests({ method: 'GET', path: '/api/transactions' })).toHaveLength(1)
    expect(await control.requests({ method: 'GET', path: '/api/program/*' })).toHaveLength(programs.length)
  })

  it('keeps its match when the sort or a status filter changes, so the rows never give way to the loading screen', async () => {
    const user = userEvent.setup()
    const app = await open('/transactions')
    const grid = await table()
    const matches = () => app.router.state.matches.map((match) => match.id)
    const opened = matches()
    await app.control.clearRequests()
    await user.click(within(grid).getByRole('button', { name: /^Amount/ }))
    await waitFor(() => expect(searchOf(app).sort).toBe('amount:desc'))
    const summary = screen.getByRole('region', { name: 'Summary of matching transactions' })
    await user.click(within(summary).getByRole('button', { name: /^Refunded/ }))
    await waitFor(() => expect(searchOf(app).status).toEqual(['REFUNDED']))
    expect(matches()).toEqual(opened)
    expect(grid.isConnected).toBe(true)
  })

  it('opens the stored program selection again when the Transactions link is followed from a filtered view', async () => {
    const user = userEvent.setup()
    const first = PROGRAM_IDS.acmeEcomm
    window.localStorage.setItem('mp:programSelections', JSON.stringify({ [MERCHANT_IDS.acme]: [first] }))
    const app = await open('/transactions?sort=amount:desc')
    await table()
    await waitFor(() => expect(searchOf(app)).toEqual({ sort: 'amount:desc', programs: [first] }))
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' })
    await user.click(within(navigation).getByRole('link', { name: 'Transactions' }))
    await waitFor(() => expect(searchOf(app)).toEqual({ programs: [first] }))
  })

  it('asks once, for the stored program selection, when one is stored', async () => {
    const control = createControl(sandbox.apiUrl)
    const first = PROGRAM_IDS.acmeEcomm
    window.localStorage.setItem('mp:programSelections', JSON.stringify({ [MERCHANT_IDS.acme]: [first] }))
    await control.clearRequests()
    await open('/transactions')
    expect(await table()).toBeInTheDocument()
    const lists = await control.requests({ method: 'GET', path: '/api/transactions' })
    expect(lists.map((request) => request.query.programID)).toEqual([first])
  })

  it('keeps the page and offers Try Again when a later page fails to load', async () => {
    const user = userEvent.setup()
    const app = await open('/transactions')
    const grid = await table()
    // Two failures: the query client retries a server error once.
    await app.control.addFault({
      method: 'GET',
      path: '/api/transactions',
      kind: 'status',
      status: 503,
      times: 2,
    })
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    const alert = await screen.findByText('We could not load these transactions.', undefined, {
      timeout: 5_000,
    })
    expect(alert).toBeInTheDocument()
    // The rows shown are still the first page's, and the range and the caption say so.
    expect(within(grid).getByText(/page 1 of 2,000/)).toBeInTheDocument()
    expect(screen.getByText('Showing 1–25 of 50,000')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    await waitFor(() => expect(screen.queryByText('We could not load these transactions.')).toBeNull(), {
      timeout: 5_000,
    })
    expect(within(await table()).getByText(/page 2 of 2,000/)).toBeInTheDocument()
    expect(grid).toBeInTheDocument()
  })
})
