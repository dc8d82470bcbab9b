import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createControl } from '../../sandbox/control'
import { decodePortalToken } from '../../src/auth/portal-token'
import { createStorage } from '../../src/storage/storage'
import { MAX_SAVED_VIEWS, type SavedView } from '../../src/storage/stored-values'
import { MERCHANT_IDS, PROGRAM_IDS } from '../support/platform-ids'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()
const OWNER = 'owner@acme.test'

beforeEach(() => {
  sandbox.reset()
  const warn = console.warn.bind(console)
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('use-focus-trap')) return
    warn(...args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** The owner's user id, as the portal token names it. */
async function ownerId(): Promise<string> {
  const { portalToken } = await createControl(sandbox.apiUrl).session(OWNER)
  const claims = decodePortalToken(portalToken)
  if (!claims) throw new Error('the sandbox issues portal tokens')
  return claims.uid
}

/** Views stored for the owner at Acme before the app opens, as an earlier visit would have left them. */
async function storeViews(...views: Partial<SavedView>[]): Promise<SavedView[]> {
  const userId = await ownerId()
  const stored = views.map((view, index) => ({
    id: `view-${index}`,
    userId,
    merchantId: MERCHANT_IDS.acme,
    name: `View ${index}`,
    filters: {},
    savedAt: index,
    ...view,
  }))
  const storage = createStorage(
    { local: window.localStorage, session: window.sessionStorage },
    () => undefined,
  )
  storage.set('savedViews', stored)
  return stored
}

function open(path: string): Promise<RenderedApp> {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as: OWNER })
}

async function table(): Promise<HTMLElement> {
  return screen.findByRole('table', undefined, { timeout: 10_000 })
}

function searchOf(app: RenderedApp): Record<string, unknown> {
  return app.router.state.location.search as Record<string, unknown>
}

async function openMenu(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Views' }))
  // The menu's code is fetched on the first press (src/ui/deferred-control.ts): on a loaded machine
  // that takes longer than the query's default second.
  const menu = await screen.findByRole('menu', { hidden: true }, { timeout: 10_000 })
  await within(menu).findByRole('menuitem', { name: 'Save current view…', hidden: true })
  return menu
}

async function manage(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  const menu = await openMenu(user)
  await user.click(within(menu).getByRole('menuitem', { name: 'Manage views…', hidden: true }))
  return screen.findByRole('dialog', { name: 'Saved views' })
}

describe('saved views', () => {
  // Fifty rows rendered three times over: 5 s on a quiet 2-core machine, three times that under load.
  it('saves the filters, sort, page size and columns under a name and opens them again after leaving', async () => {
    const user = userEvent.setup()
    const app = await open(
      '/transactions?status=%5B%22AUTHORIZED%22%5D&pageSize=50&sort=amount%3Adesc&columns=%5B%22orderId%22%5D&page=2',
    )
    await table()
    const saved = searchOf(app)
    expect(saved).toMatchObject({
      status: ['AUTHORIZED'],
      pageSize: 50,
      sort: 'amount:desc',
      columns: ['orderId'],
    })

    await user.click(
      within(await openMenu(user)).getByRole('menuitem', { name: 'Save current view…', hidden: true }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Save current view' })
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }))
    expect(await within(dialog).findByText('Enter a name for this view.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }))
    await user.paste('x'.repeat(61))
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }))
    expect(await within(dialog).findByText('Use at most 60 characters.')).toBeInTheDocument()
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }))
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }))
    await user.paste('Big authorizations')
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const [view] = app.context.services.storage.get('savedViews') ?? []
    expect(view?.filters).not.toHaveProperty('page')
    expect(view?.filters).not.toHaveProperty('tx')

    await app.router.navigate({ to: '/locations' })
    await app.router.navigate({ to: '/transactions' })
    await table()
    const menu = await openMenu(user)
    await user.click(within(menu).getByRole('menuitem', { name: 'Big authorizations', hidden: true }))
    await waitFor(() =>
      expect(searchOf(app)).toEqual({
        status: ['AUTHORIZED'],
        pageSize: 50,
        sort: 'amount:desc',
        columns: ['orderId'],
      }),
    )
    expect(screen.queryByRole('alert')).toBeNull()
  }, 40_000)

  it('refuses a name the user already gave another view, renames, and deletes once confirmed', async () => {
    const user = userEvent.setup()
    await storeViews({ name: 'Morning' }, { name: 'Disputes' })
    const app = await open('/transactions')
    await table()
    const dialog = await manage(user)
    await user.click(within(dialog).getByRole('button', { name: 'Rename Morning' }))
    const field = within(dialog).getByRole('textbox', { name: 'New name for Morning' })
    await user.clear(field)
    await user.click(field)
    await user.paste('disputes')
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }))
    expect(await within(dialog).findByText('You already have a view named “disputes”.')).toBeInTheDocument()
    await user.clear(field)
    await user.click(field)
    await user.paste('Shipped today')
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }))
    expect(await within(dialog).findByText('Shipped today')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Delete Disputes' }))
    expect(within(dialog).getByText('Delete the view “Disputes”? This cannot be undone.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(within(dialog).getByText('Disputes')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete Disputes' }))
    await user.click(within(dialog).getByRole('button', { name: 'Delete view' }))
    await waitFor(() => expect(within(dialog).queryByText('Disputes')).toBeNull())
    expect((app.context.services.storage.get('savedViews') ?? []).map((view) => view.name)).toEqual([
      'Shipped today',
    ])
  })

  it('opens the default view on a plain /transactions, and Reset filters still gives the plain list', async () => {
    const user = userEvent.setup()
    await storeViews({ name: 'Refunds', filters: { status: ['REFUNDED'], pageSize: 50 }, isDefault: true })
    const app = await open('/transactions')
    await table()
    await waitFor(() => expect(searchOf(app)).toEqual({ status: ['REFUNDED'], pageSize: 50 }))
    await user.click(screen.getByRole('button', { name: 'Reset filters' }))
    await waitFor(() => expect(searchOf(app)).toEqual({ pageSize: 50 }))
  })

  it('makes a view the default from the menu', async () => {
    const user = userEvent.setup()
    await storeViews({ name: 'Refunds', filters: { status: ['REFUNDED'] } })
    const app = await open('/transactions')
    await table()
    const dialog = await manage(user)
    await user.click(within(dialog).getByRole('button', { name: 'Make Refunds the default' }))
    expect(
      await within(dialog).findByRole('button', { name: 'Stop opening Refunds by default' }),
    ).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await app.router.navigate({ to: '/locations' })
    await app.router.navigate({ to: '/transactions' })
    await waitFor(() => expect(searchOf(app)).toEqual({ status: ['REFUNDED'] }))
  })

  it(`says when the ${MAX_SAVED_VIEWS} views a user may keep are all taken`, async () => {
    const user = userEvent.setup()
    await storeViews(...Array.from({ length: MAX_SAVED_VIEWS }, (_, index) => ({ name: `View ${index}` })))
    await open('/transactions')
    await table()
    const menu = await openMenu(user)
    expect(within(menu).getByRole('menuitem', { name: 'Save current view…', hidden: true })).toBeDisabled()
    expect(
      within(menu).getByText('You have 20 saved views, the most you can keep: delete one to save another.'),
    ).toBeInTheDocument()
    expect(within(menu).getAllByRole('menuitem', { name: /^View \d+$/, hidden: true })).toHaveLength(
      MAX_SAVED_VIEWS,
    )
  })

  it('opens a view with what still applies and says which of its filters no longer do', async () => {
    const user = userEvent.setup()
    const kept = PROGRAM_IDS.acmeEcomm
    await storeViews({
      name: 'Old habits',
      filters: { status: ['SETTLED', 'ON_HOLD'], programs: [kept, 'retired-program'], pageSize: 50 },
    })
    const app = await open('/transactions')
    await table()
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Old habits', hidden: true }))
    await waitFor(() =>
      expect(searchOf(app)).toEqual({ status: ['SETTLED'], programs: [kept], pageSize: 50 }),
    )
    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent(
      "Some of this view's filters no longer apply: Status: ON_HOLD, Program: retired-program.",
    )
  })

  it('copies the view as an absolute link to /transactions on this origin', async () => {
    const user = userEvent.setup()
    await storeViews({ name: 'Refunds', filters: { status: ['REFUNDED'], sort: 'amount:asc' } })
    const app = await open('/transactions')
    await table()
    const dialog = await manage(user)
    await user.click(within(dialog).getByRole('button', { name: 'Copy link to Refunds' }))
    expect(await within(dialog).findByText('Link to “Refunds” copied.')).toHaveAttribute('role', 'status')
    const link = new URL(await navigator.clipboard.readText())
    expect(link.origin).toBe(window.location.origin)
    expect(link.pathname).toBe('/transactions')
    await user.keyboard('{Escape}')
    await app.router.navigate({ to: '/locations' })
    // The link, followed, opens the view.
    await app.router.navigate({ href: `${link.pathname}${link.search}` })
    await waitFor(() => expect(searchOf(app)).toEqual({ status: ['REFUNDED'], sort: 'amount:asc' }))
  })
})
