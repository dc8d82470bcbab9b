import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createControl } from '../../sandbox/control'
import { type Insights, InsightsResponseReader } from '../../src/api/schemas/insights'
import { addDays, todayIn, toFilterDate } from '../../src/shared/calendar'
import { MERCHANT_IDS, PROGRAM_NAMES } from '../support/platform-ids'
import { itOnce } from '../support/platform-pass'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const ACME_ZONE = 'America/Denver'
const insightsPath = `/api/merchant/${MERCHANT_IDS.acme}/insights`
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

const sandbox = fileSandbox()

beforeEach(() => {
  sandbox.reset()
  // happy-dom has no layout: Mantine's focus trap finds nothing focusable in the dropdowns, and the
  // charts have no size to draw in (the browser suite draws them); the tables carry the figures here.
  const warn = console.warn.bind(console)
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (/use-focus-trap|of chart should be greater than 0/.test(String(args[0]))) return
    warn(...args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})

function open(path: string): Promise<RenderedApp> {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as: 'owner@acme.test' })
}

/** The platform's own figures, to compare the page with. */
async function platform(from: string, to: string, interval: 'day' | 'week'): Promise<Insights> {
  const { portalToken } = await createControl(sandbox.apiUrl).session('owner@acme.test')
  const response = await fetch(
    `${sandbox.apiUrl}${insightsPath}?${new URLSearchParams({ from, to, interval })}`,
    {
      headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2', Accept: 'application/json' },
    },
  )
  return v.parse(InsightsResponseReader, await response.json()).data
}

function kpi(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 3, name })
  const card = heading.parentElement
  if (!card) throw new Error(`no card for ${name}`)
  return card
}

async function chartTable(name: RegExp): Promise<HTMLElement> {
  return screen.findByRole('table', { name }, { timeout: 10_000 })
}

/** Body rows of a chart's table (the header and total rows left out). */
function bodyRows(table: HTMLElement): HTMLElement[] {
  const body = table.querySelector('tbody')
  return body ? within(body).getAllByRole('row') : []
}

async function pick(user: UserEvent, label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label })
  await user.click(input)
  // Option lists mount only while open, so the open select's list is the only one on the page.
  const listbox = await waitFor(() => screen.getByRole('listbox', { hidden: true }))
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }))
}

const searchOf = (app: RenderedApp) => app.router.state.location.search as Record<string, unknown>

describe('the data insights page', () => {
  it('shows the key figures of the last 30 days against the previous period, a change also in words', async () => {
    await open('/data-insights')
    const to = todayIn(ACME_ZONE)
    const expected = await platform(addDays(to, -29), to, 'day')
    await chartTable(/^Sales volume by program/)
    expect(screen.getByRole('heading', { level: 1, name: 'Data insights' })).toBeInTheDocument()
    expect(
      within(kpi('Sales volume')).getByText(usd.format(expected.totals.volume / 100)),
    ).toBeInTheDocument()
    expect(
      within(kpi('Sales volume')).getByText(
        `Previous period: ${usd.format(expected.previousTotals.volume / 100)}`,
      ),
    ).toBeInTheDocument()
    expect(
      within(kpi('Orders')).getByText(expected.totals.orders.toLocaleString('en-US')),
    ).toBeInTheDocument()
    // A change reads as words too, not only as a colour or an arrow.
    expect(
      within(kpi('Orders')).getByText(/^(Up|Down) [\d.]+% on the previous period$|^No change/),
    ).toBeInTheDocument()
    expect(
      within(kpi('Approval rate')).getByText(/percentage points on the previous period$|^No change/),
    ).toBeInTheDocument()
    expect(
      within(kpi('Refunds')).getByText(`${expected.totals.refunds.toLocaleString('en-US')} refunds`),
    ).toBeInTheDocument()
  })

  it('gives each chart a table: one row per day, one column per program or channel, and a total', async () => {
    await open('/data-insights')
    const to = todayIn(ACME_ZONE)
    const expected = await platform(addDays(to, -29), to, 'day')
    const volumeTable = await chartTable(/^Sales volume by program/)
    expect(bodyRows(volumeTable)).toHaveLength(30)
    expect(
      within(volumeTable).getByRole('columnheader', { name: PROGRAM_NAMES.acmeEcomm }),
    ).toBeInTheDocument()
    const ordersTable = await chartTable(/^Orders by channel/)
    expect(within(ordersTable).getByRole('columnheader', { name: 'In store' })).toBeInTheDocument()
    const footer = ordersTable.querySelector('tfoot')
    expect(footer).toHaveTextContent(expected.totals.orders.toLocaleString('en-US'))
  })

  it('counts by week once Week is chosen, kept in the URL', async () => {
    const user = userEvent.setup()
    const app = await open('/data-insights')
    const volumeTable = await chartTable(/^Sales volume by program/)
    await user.click(screen.getByRole('radio', { name: 'Week' }))
    await waitFor(() => expect(searchOf(app)).toEqual({ interval: 'week' }))
    await waitFor(() =>
      expect(within(volumeTable).getByRole('columnheader', { name: 'Week' })).toBeInTheDocument(),
    )
    expect(bodyRows(volumeTable).length).toBeGreaterThanOrEqual(5)
    expect(bodyRows(volumeTable).length).toBeLessThanOrEqual(6)
  })

  itOnce('puts the table in place of the chart with "Show as table"', async () => {
    const user = userEvent.setup()
    await open('/data-insights')
    await chartTable(/^Sales volume by program/)
    const volumeCard = screen.getByRole('region', { name: 'Sales volume by program' })
    expect(within(volumeCard).getByRole('img')).toBeInTheDocument()
    await user.click(within(volumeCard).getByRole('switch', { name: 'Show as table' }))
    expect(within(volumeCard).queryByRole('img')).toBeNull()
    expect(within(volumeCard).getByRole('table')).toBeInTheDocument()
  })

  it('shows the figures of another period once it is picked, kept in the URL with the interval', async () => {
    const user = userEvent.setup()
    const app = await open('/data-insights?interval=week')
    await chartTable(/^Sales volume by program/)
    await pick(user, 'Period', 'Last 7 days')
    await waitFor(() => expect(searchOf(app)).toEqual({ range: 'last7', interval: 'week' }))
    const to = todayIn(ACME_ZONE)
    const week = await platform(addDays(to, -6), to, 'week')
    await waitFor(() =>
      expect(within(kpi('Sales volume')).getByText(usd.format(week.totals.volume / 100))).toBeInTheDocument(),
    )
  })

  it('restores a custom range and the interval from a shared link', async () => {
    const to = addDays(todayIn(ACME_ZONE), -31)
    const from = addDays(to, -27)
    const app = await open(`/data-insights?from=${toFilterDate(from)}&to=${toFilterDate(to)}&interval=week`)
    const expected = await platform(from, to, 'week')
    const volumeTable = await chartTable(/^Sales volume by program/)
    expect(screen.getByText(`${toFilterDate(from)} – ${toFilterDate(to)}`)).toBeInTheDocument()
    expect((screen.getByRole('combobox', { name: 'Period' }) as HTMLInputElement).value).toBe('Custom range')
    expect((screen.getByRole('radio', { name: 'Week' }) as HTMLInputElement).checked).toBe(true)
    expect(bodyRows(volumeTable)).toHaveLength(expected.buckets.length)
    expect(
      within(kpi('Sales volume')).getByText(usd.format(expected.totals.volume / 100)),
    ).toBeInTheDocument()
    expect(searchOf(app)).toEqual({ from: toFilterDate(from), to: toFilterDate(to), interval: 'week' })
    // The request carries calendar dates, midnight-UTC suffix removed (CONTRACT section 3).
    const [sent] = await app.control.requests({ method: 'GET', path: insightsPath })
    expect(sent?.query).toEqual({ from, to, interval: 'week' })
  })

  it('says plainly when a period has no transactions, and offers the default one', async () => {
    const user = userEvent.setup()
    const app = await open('/data-insights?from=01/01/2020&to=01/31/2020')
    expect(
      await screen.findByText('No transactions in this period', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show the last 30 days' }))
    await waitFor(() => expect(searchOf(app)).toEqual({}))
    expect(await chartTable(/^Sales volume by program/)).toBeInTheDocument()
  })

  it("shows the 'Oops...' box when the figures cannot load, and Try Again recovers", async () => {
    const user = userEvent.setup()
    // The figures fail until the fault is removed: however many times the page and its prefetch ask
    // (a slower platform lets the prefetch fail and the page ask again), the page ends in 'Oops...'.
    const control = createControl(sandbox.apiUrl)
    const fault = await control.addFault({ method: 'GET', path: insightsPath, kind: 'status', status: 500 })
    await open('/data-insights')
    expect(await screen.findByText('Oops...', undefined, { timeout: 10_000 })).toBeInTheDocument()
    await control.removeFault(fault)
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await chartTable(/^Sales volume by program/)).toBeInTheDocument()
    expect(screen.queryByText('Oops...')).toBeNull()
  })
})
