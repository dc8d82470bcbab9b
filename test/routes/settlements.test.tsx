import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createControl } from '../../sandbox/control'
import { type SettlementReport, SettlementReportReader } from '../../src/api/schemas/settlements'
import { addDays, type IsoDate, todayIn, toFilterDate } from '../../src/shared/calendar'
import { MERCHANT_IDS } from '../support/platform-ids'
import { itOnce } from '../support/platform-pass'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const ZONE = 'America/Denver'
const DENIED = /You do not have permissions to view this page/
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const money = (cents: number) => usd.format(cents / 100)

const sandbox = fileSandbox()

beforeEach(async () => {
  // No reset: nothing here changes data, and keeping the ledger saves generating 50 000 transactions
  // for every test.
  const control = createControl(sandbox.apiUrl)
  await control.clearFaults()
  await control.clearRequests()
  // happy-dom has no layout, so Mantine's focus trap finds nothing focusable in the drawer at first.
  const warn = console.warn.bind(console)
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('use-focus-trap')) return
    warn(...args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})

function open(path: string, as = 'owner@acme.test') {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as })
}

function reportUrl(from: IsoDate, to: IsoDate): string {
  return `/settlement-report?from=${encodeURIComponent(toFilterDate(from))}&to=${encodeURIComponent(toFilterDate(to))}`
}

/** The report as the platform answers it, to compare the page with. */
async function platformReport(from: IsoDate, to: IsoDate): Promise<SettlementReport> {
  const { portalToken } = await createControl(sandbox.apiUrl).session('owner@acme.test')
  const params = new URLSearchParams({ 'merchantID.eq': MERCHANT_IDS.acme, from, to })
  const response = await fetch(`${sandbox.apiUrl}/api/settlements?${params}`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2', Accept: 'application/json' },
  })
  return v.parse(SettlementReportReader, await response.json()).data
}

/** The report for ten days ending three days ago, loaded, with the platform's answer to compare. */
async function openTenDays() {
  const to = addDays(todayIn(ZONE), -3)
  const from = addDays(to, -9)
  const app = await open(reportUrl(from, to))
  const table = await screen.findByRole('table', { name: /^Settlements from/ }, { timeout: 10_000 })
  const expected = await platformReport(from, to)
  const [newest] = expected.items
  const [firstRow] = within(table).getAllByRole('row').slice(1)
  if (!newest || !firstRow) throw new Error('no settlement in the range')
  return { app, from, to, table, expected, newest, firstRow }
}

describe('the settlement report', () => {
  it('asks the platform for calendar dates, not instants', async () => {
    const { app, from, to } = await openTenDays()
    // CONTRACT section 3.
    const [sent] = await app.control.requests({ method: 'GET', path: '/api/settlements' })
    expect(sent?.query).toMatchObject({ from, to, 'merchantID.eq': MERCHANT_IDS.acme })
  })

  it('shows the range’s totals and a row for each settlement, newest first', async () => {
    const { table, expected, newest, firstRow } = await openTenDays()
    const totals = screen.getByRole('region', { name: 'Totals for the range' })
    for (const amount of Object.values(expected.totals.amounts)) {
      expect(within(totals).getByText(money(amount))).toBeInTheDocument()
    }
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(expected.items.length)
    expect(within(firstRow).getByText(money(newest.amounts.net))).toBeInTheDocument()
  })

  it('opens a settlement’s transactions in a drawer from its date, kept in the URL', async () => {
    const user = userEvent.setup()
    const { app, newest, firstRow } = await openTenDays()
    await user.click(within(firstRow).getByRole('link', { name: /view this settlement's transactions/ }))
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ settlement: newest.id }))
    const drawer = await screen.findByRole('dialog', { name: /^Settlement of / })
    const entries = await within(drawer).findByRole('table', {
      name: /^Sales and refunds in this settlement/,
    })
    expect(within(entries).getAllByRole('row').length).toBe(Math.min(25, newest.entryCount) + 1)
    expect(within(drawer).getByText(money(newest.amounts.fees))).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(app.router.state.location.search).not.toHaveProperty('settlement'))
  })

  it('downloads a CSV of every settlement in the range, dated in the merchant’s zone', async () => {
    const user = userEvent.setup()
    const { from, to, expected, newest } = await openTenDays()
    const saved = vi.spyOn(URL, 'createObjectURL')
    // happy-dom would navigate the test window to the file; a browser saves it (the e2e spec checks that).
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    expect(clicked.mock.contexts[0]).toMatchObject({ download: `settlements-${from}-to-${to}.csv` })
    const blob = saved.mock.calls[0]?.[0]
    if (!(blob instanceof Blob)) throw new Error('no file saved')
    const lines = (await blob.text()).replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toMatch(/^settlement_id,date,status,payout_date,transactions,settled_usd/)
    expect(lines).toHaveLength(expected.items.length + 2)
    expect(lines[1]).toMatch(new RegExp(`^${newest.id},${to},`))
    expect(lines[1]).toMatch(/,America\/Denver$/)
  })

  itOnce('says plainly when the range is over 100 days, and asks the platform nothing', async () => {
    const to = todayIn(ZONE)
    const app = await open(reportUrl(addDays(to, -100), to))
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(within(alert).getByText('This range is too long')).toBeInTheDocument()
    expect(alert.textContent).toMatch(/at most 100 days, and the range you chose has 101/)
    expect(screen.queryByRole('table')).toBeNull()
    expect(await app.control.requests({ path: '/api/settlements' })).toEqual([])
    expect((screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('shows the Oops box when the platform fails, and the figures after Try Again', async () => {
    const user = userEvent.setup()
    const control = createControl(sandbox.apiUrl)
    const fault = await control.addFault({
      method: 'GET',
      path: '/api/settlements',
      kind: 'status',
      status: 503,
    })
    await open('/settlement-report')
    expect(await screen.findByText('Oops...', {}, { timeout: 10_000 })).toBeInTheDocument()
    // The filter stays usable beside the box.
    expect(screen.getByRole('search', { name: 'Filter settlements' })).toBeInTheDocument()
    await control.removeFault(fault)
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(
      await screen.findByRole('table', { name: /^Settlements from/ }, { timeout: 10_000 }),
    ).toBeInTheDocument()
  })

  it('is denied, with the targeting export, on the bank brand', async () => {
    const app = await open('/settlement-report', 'manager@harbor.test')
    expect(await screen.findByText(DENIED, {}, { timeout: 10_000 })).toBeInTheDocument()
    await app.router.navigate({ to: '/targeting-export' })
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/targeting-export'))
    expect(await screen.findByText(DENIED)).toBeInTheDocument()
    expect(await app.control.requests({ path: '/api/settlements' })).toEqual([])
    expect(await app.control.requests({ path: '/api/targeting-exports' })).toEqual([])
  })
})
