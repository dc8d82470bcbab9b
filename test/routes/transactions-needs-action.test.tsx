import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createControl } from '../../sandbox/control'
import { type TransactionPage, TransactionPageReader } from '../../src/api/schemas/transactions'
import { MERCHANT_IDS } from '../support/platform-ids'
import { itOnce } from '../support/platform-pass'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

beforeEach(() => {
  sandbox.reset()
})

/** The raw answer of the transaction list, as the platform sends it. */
async function answer(query: Record<string, string>): Promise<Record<string, unknown>> {
  const { portalToken } = await createControl(sandbox.apiUrl).session('owner@acme.test')
  const params = new URLSearchParams({ 'merchantID.eq': MERCHANT_IDS.acme, ...query })
  const response = await fetch(`${sandbox.apiUrl}/api/transactions?${params}`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2', Accept: 'application/json' },
  })
  return (await response.json()) as Record<string, unknown>
}

async function listed(query: Record<string, string>): Promise<TransactionPage> {
  return v.parse(TransactionPageReader, await answer(query)).data
}

/** What needs action for Acme, as the platform counts it (the requests this took are forgotten). */
async function needsActionCount(): Promise<number> {
  const count = (await listed({ limit: '1' })).needsAction?.count
  if (!count) throw new Error('the sandbox seeds transactions that need action')
  await sandbox.control.clearRequests()
  return count
}

function open(path: string, as = 'owner@acme.test', merchantID?: string): Promise<RenderedApp> {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as, merchantID })
}

async function table(): Promise<HTMLElement> {
  return screen.findByRole('table', undefined, { timeout: 10_000 })
}

function rows(grid: HTMLElement): HTMLElement[] {
  return within(grid).getAllByRole('row').slice(1)
}

function searchOf(app: RenderedApp): Record<string, unknown> {
  return app.router.state.location.search as Record<string, unknown>
}

function summary(): HTMLElement {
  return screen.getByRole('region', { name: 'Summary of matching transactions' })
}

const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' })
const figure = (count: number) => count.toLocaleString('en-US')
const TIME_LEFT = /^in \d+ (day|hour|minute)s?$/

describe('the needs-action view', () => {
  it('counts in the summary what the platform counts, and lists those rows alone, nearest deadline first, with the time left', async () => {
    const user = userEvent.setup()
    const count = await needsActionCount()
    const app = await open('/transactions')
    const grid = await table()
    const card = await within(summary()).findByRole('button', { name: /^Needs action/ })
    expect(card).toHaveAccessibleName(`Needs action ${figure(count)} transactions`)
    expect(card.getAttribute('aria-pressed')).toBe('false')
    expect(within(grid).queryByRole('columnheader', { name: /Deadline/ })).toBeNull()

    await user.click(card)
    await waitFor(() => expect(searchOf(app)).toEqual({ needsAction: true }))
    const expected = await listed({ needsAction: 'true', sort: 'deadline:asc', limit: '25' })
    await waitFor(() =>
      expect(rows(grid).map((row) => within(row).getByRole('link').textContent)).toEqual(
        expected.items.map((item) => item.id),
      ),
    )
    expect(screen.getByText(`Showing 1–${Math.min(25, count)} of ${figure(count)}`)).toBeInTheDocument()
    expect(card.getAttribute('aria-pressed')).toBe('true')
    const header = within(grid).getByRole('columnheader', { name: /Deadline/ })
    expect(header.getAttribute('aria-sort')).toBe('ascending')

    // Each row's deadline, in Denver, with the time left; the first is the nearest.
    const deadlines = rows(grid).map((row) => within(row).getAllByRole('cell').at(-1) as HTMLElement)
    const first = expected.items[0]
    if (!first) throw new Error('no row needs action')
    const at = first.dispute?.status === 'NEEDS_RESPONSE' ? first.dispute.respondBy : first.expiresAt
    const shown = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'America/Denver',
    }).format(at)
    await waitFor(() => expect(deadlines[0]?.textContent).toContain(shown))
    for (const [index, cell] of deadlines.entries()) {
      const item = expected.items[index]
      const label = item?.dispute?.status === 'NEEDS_RESPONSE' ? 'Respond by' : 'Expires'
      await waitFor(() => expect(cell.textContent).toMatch(new RegExp(`^${label} `)))
      expect(cell.querySelector('span')?.textContent).toMatch(TIME_LEFT)
    }

    // Leaving the view gives the list its normal sort back.
    await user.click(card)
    await waitFor(() => expect(searchOf(app)).toEqual({}))
    await waitFor(() => expect(within(grid).queryByRole('columnheader', { name: /Deadline/ })).toBeNull())
    expect(within(grid).getByText(/sorted by date, descending/)).toBeInTheDocument()
  })

  it('shows the count as a badge on the Transactions item, which opens the view', async () => {
    const user = userEvent.setup()
    const count = await needsActionCount()
    const app = await open('/locations')
    const badge = await screen.findByRole(
      'link',
      { name: `${figure(count)} transactions need action` },
      { timeout: 10_000 },
    )
    expect(navigation()).toContainElement(badge)
    expect(badge.textContent).toBe(figure(count))
    // Away from the list the badge asks for one row, for its count.
    const asked = await app.control.requests({ method: 'GET', path: '/api/transactions' })
    expect(asked.map((request) => request.query)).toEqual([
      expect.objectContaining({ needsAction: 'true', limit: '1' }),
    ])
    await user.click(badge)
    await waitFor(() => expect(searchOf(app)).toEqual({ needsAction: true }))
    expect(app.router.state.location.pathname).toBe('/transactions')
    expect(await within(await table()).findByRole('columnheader', { name: /Deadline/ })).toBeInTheDocument()
  })

  it('takes the badge count from the list on the transactions page, without asking again', async () => {
    const count = await needsActionCount()
    const app = await open('/transactions')
    await table()
    await within(navigation()).findByRole(
      'link',
      { name: `${figure(count)} transactions need action` },
      { timeout: 10_000 },
    )
    const asked = await app.control.requests({ method: 'GET', path: '/api/transactions' })
    expect(asked).toHaveLength(1)
  })

  it('says so when nothing needs action, and leads back to every transaction', async () => {
    const user = userEvent.setup()
    const app = await open('/transactions?needsAction=true&search=TX-ZZZZZZZZ')
    expect(
      await screen.findByText('Nothing needs your action', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show all transactions' }))
    await waitFor(() => expect(searchOf(app)).toEqual({ search: 'TX-ZZZZZZZZ' }))
    expect(await screen.findByText('No transactions match these filters')).toBeInTheDocument()
  })

  it('shows no count, and no error, when the platform counts nothing (an older one)', async () => {
    const real = await answer({ limit: '25', sort: 'createdAt:desc' })
    const { needsAction: _dropped, ...data } = real.data as Record<string, unknown>
    await createControl(sandbox.apiUrl).addFault({
      method: 'GET',
      path: '/api/transactions',
      kind: 'status',
      status: 200,
      body: { data },
    })
    const app = await open('/locations')
    // The badge has asked for its count (one row), a few seconds after the shell painted.
    await waitFor(
      async () =>
        expect(
          (await app.control.requests({ method: 'GET', path: '/api/transactions' })).some(
            (request) => request.query.limit === '1',
          ),
        ).toBe(true),
      { timeout: 10_000 },
    )
    await app.router.navigate({ to: '/transactions' })
    const grid = await table()
    expect(rows(grid)).toHaveLength(25)
    expect(within(summary()).getByText('50,000 transactions')).toBeInTheDocument()
    expect(within(summary()).queryByRole('button', { name: /^Needs action/ })).toBeNull()
    expect(within(navigation()).queryByRole('link', { name: /need action/ })).toBeNull()
    expect(screen.queryByText('Oops...')).toBeNull()
  })
})

describe('the transactions page on a phone', () => {
  const desktop = window.matchMedia
  beforeEach(() => {
    // A 390-wide screen: every max-width query of the portal matches, and motion is reduced as in
    // test/setup.ts.
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        ...desktop(query),
        matches: query.includes('max-width') || query.includes('prefers-reduced-motion: reduce'),
      }),
    })
  })
  afterEach(() => {
    Object.defineProperty(window, 'matchMedia', { writable: true, value: desktop })
  })

  itOnce('folds the filters behind one button that says how many are active', async () => {
    const user = userEvent.setup()
    const status = encodeURIComponent(JSON.stringify(['REFUNDED']))
    // Provider staff may issue in-store virtual cards for Acme: the page has an in-store area.
    await open(
      `/transactions?status=${status}&from=03/01/2026&to=03/31/2026`,
      'ops@provider.test',
      MERCHANT_IDS.acme,
    )
    const button = await screen.findByRole('button', { name: 'Filters (2)' }, { timeout: 10_000 })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('search', { name: 'Filter transactions' })).toBeNull()
    // The rows, as cards, come without opening anything; the in-store area is put after them on screen
    // (a flex order, so that a dialog open in it survives a resize; the browser test resizes with one open).
    await screen.findByRole('list', { name: 'Transactions' })
    const inStore = await screen.findByRole('region', { name: 'In-store virtual cards' })
    expect(inStore.parentElement?.hasAttribute('data-phone')).toBe(true)

    await user.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const filters = await screen.findByRole('search', { name: 'Filter transactions' })
    expect(button.getAttribute('aria-controls')).toBe(filters.id)
    await user.click(within(filters).getByRole('button', { name: 'Reset filters' }))
    expect(await screen.findByRole('button', { name: 'Filters' })).toBeInTheDocument()
  })

  it('shows each card’s deadline and the time left in the needs-action view', async () => {
    await open('/transactions?needsAction=true')
    const cards = await screen.findByRole('list', { name: 'Transactions' }, { timeout: 10_000 })
    const items = within(cards).getAllByRole('listitem')
    expect(items.length).toBeGreaterThan(0)
    for (const item of items) {
      await waitFor(() =>
        expect(item.textContent).toMatch(/(Respond by|Expires) .*in \d+ (day|hour|minute)s?/),
      )
    }
  })
})
