import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { beforeEach, describe, expect, it } from 'vitest'
import { createControl } from '../../sandbox/control'
import { type TransactionListItem, TransactionPageReader } from '../../src/api/schemas/transactions'
import { MERCHANT_IDS } from '../support/platform-ids'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

beforeEach(() => {
  sandbox.reset()
})

function open(path: string, as: string): Promise<RenderedApp> {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as })
}

async function oneTransaction(query: Record<string, string>): Promise<TransactionListItem> {
  const { portalToken } = await createControl(sandbox.apiUrl).session('owner@acme.test')
  const params = new URLSearchParams({ 'merchantID.eq': MERCHANT_IDS.acme, limit: '1', ...query })
  const response = await fetch(`${sandbox.apiUrl}/api/transactions?${params}`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2' },
  })
  const [first] = v.parse(TransactionPageReader, await response.json()).data.items
  if (!first) throw new Error('no transaction')
  return first
}

const PALETTE = 'Go to a page or transaction'

/** Ctrl+K from wherever the focus is, and the palette's parts once it is open. */
async function openPalette(user: ReturnType<typeof userEvent.setup>) {
  // The header's controls, the palette's shortcut with them, render just after the page's first paint.
  await screen.findByRole('button', { name: 'Search pages and transactions' })
  await user.keyboard('{Control>}k{/Control}')
  const dialog = await screen.findByRole('dialog', { name: PALETTE }, { timeout: 10_000 })
  const field = within(dialog).getByRole('combobox', { name: 'Page, transaction ID or order ID' })
  await waitFor(() => expect(document.activeElement).toBe(field))
  return { dialog, field }
}

function destinations(dialog: HTMLElement): string[] {
  return within(dialog)
    .getAllByRole('option')
    .map((option) => option.querySelector('span > span')?.textContent ?? '')
}

describe('the command palette', () => {
  it('lists every page the owner may open, and only those; Escape closes it', async () => {
    const user = userEvent.setup()
    await open('/transactions', 'owner@acme.test')
    await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 10_000 })
    expect(await screen.findByRole('button', { name: 'Search pages and transactions' })).toBeInTheDocument()

    const { dialog } = await openPalette(user)
    expect(destinations(dialog)).toEqual([
      'Transactions',
      'Data insights',
      'Settlement report',
      'Targeting export',
      'Carts',
      'Create a cart',
      'Locations',
      'User management',
      'Account settings',
      'Bank information',
      'Funding settings',
      'Email notifications',
      'Payment products',
      'Checkout design',
      'Placement design',
      'Access keys',
      'Location verification codes',
    ])

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: PALETTE })).toBeNull())
  })

  it('lists only what a read-only viewer may open, and goes there from the keyboard', async () => {
    const user = userEvent.setup()
    const app = await open('/transactions', 'viewer@acme.test')
    await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 10_000 })

    const { dialog, field } = await openPalette(user)
    expect(destinations(dialog)).toEqual([
      'Transactions',
      'Data insights',
      'Settlement report',
      'Targeting export',
      'Carts',
      'Locations',
    ])

    // Typing filters; the first match is the active option, and Enter goes there.
    await user.type(field, 'loc')
    await waitFor(() => expect(destinations(dialog)).toEqual(['Locations']))
    const [option] = within(dialog).getAllByRole('option')
    expect(option?.getAttribute('aria-selected')).toBe('true')
    expect(field.getAttribute('aria-activedescendant')).toBe(option?.id)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/locations'))
    await screen.findByRole('heading', { level: 1, name: 'Locations' }, { timeout: 10_000 })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: PALETTE })).toBeNull())

    // A settings page the viewer may not open is not offered, whatever is typed.
    await openPalette(user)
    await user.keyboard('bank')
    await screen.findByText(/No page matches/)
  })

  it('opens a transaction by its id with the drawer open, and finds an order by its id', async () => {
    const user = userEvent.setup()
    const target = await oneTransaction({ status: 'SETTLED' })
    const app = await open('/carts', 'owner@acme.test')
    await screen.findByRole('heading', { level: 1, name: 'Carts' }, { timeout: 10_000 })

    const { dialog, field } = await openPalette(user)
    await user.type(field, target.id.toLowerCase())
    const option = await within(dialog).findByRole('option', {
      name: new RegExp(`^Open transaction ${target.id}`),
    })
    expect(option.getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(app.router.state.location).toMatchObject({
        pathname: '/transactions',
        search: { search: target.id, tx: target.id },
      }),
    )
    await screen.findByRole('dialog', { name: `Transaction ${target.id}` }, { timeout: 10_000 })

    // An order id: the list searches order ids; Down then Up comes back to it.
    const again = await openPalette(user)
    await user.type(again.field, target.orderId)
    await within(again.dialog).findByRole('option', {
      name: new RegExp(`^Find order ${target.orderId}`),
    })
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}')
    await waitFor(() =>
      expect(app.router.state.location.search).toMatchObject({
        searchType: 'Order',
        search: target.orderId,
      }),
    )
    const table = await screen.findByRole('table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2), { timeout: 10_000 })
    expect(within(table).getByText(target.orderId)).toBeInTheDocument()
  })
})
