import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { keepAppSessionAlive } from '../../src/app/keep-alive'
import { MERCHANT_IDS } from '../support/platform-ids'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

beforeEach(() => {
  sandbox.reset()
})

/**
 * Signed in as the persona without a refresh token, so the next renewal fails for good; fake
 * authentication gives the sign-in page a form happy-dom can fill (the provider's page is another origin).
 */
async function open(path: string): Promise<RenderedApp> {
  const app = await renderApp({
    apiUrl: sandbox.apiUrl,
    idpUrl: sandbox.idpUrl,
    path,
    as: 'owner@acme.test',
    config: { fakeAuth: true },
  })
  // As src/main.tsx does: the session's end takes the tab to /login.
  onTestFinished(keepAppSessionAlive(app.router, app.context))
  return app
}

const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 })

function fill(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } })
}

const textbox = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name })

async function typeHalfACart() {
  await heading('Create cart')
  fill(textbox(/^Customer name/), 'Rosa Parks')
  fill(textbox(/^Email/), 'rosa@example.com')
  const item1 = screen.getByRole('group', { name: 'Item 1' })
  fill(within(item1).getByRole('textbox', { name: /^Item name/ }), 'Ridgeline 3-Person Tent')
  fill(within(item1).getByRole('textbox', { name: /^Unit price/ }), '429')
}

async function signInAgain(app: RenderedApp, as = 'owner@acme.test') {
  const user = userEvent.setup()
  await heading('Developer sign-in')
  const { providerAccessToken } = await app.control.session(as)
  await user.click(screen.getByLabelText('Provider access token'))
  await user.paste(providerAccessToken)
  await user.click(screen.getByRole('button', { name: 'Use this token' }))
}

describe('a cart half typed when the session ends', () => {
  it('is offered back after signing in again, and Restore fills in what was typed', async () => {
    const user = userEvent.setup()
    const app = await open('/carts/create')
    await typeHalfACart()

    // The renewal fails for good (no refresh token): the tab goes to /login, remembering the page.
    expect(await app.context.services.session.renew()).toBe(false)
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'), { timeout: 10_000 })
    expect(screen.queryByRole('textbox', { name: /^Customer name/ })).toBeNull()

    await signInAgain(app)
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/carts/create'), { timeout: 10_000 })
    await heading('Create cart')
    const notice = await screen.findByRole('region', { name: 'Restore your unsaved changes?' })
    expect(textbox(/^Customer name/).value).toBe('')

    await user.click(within(notice).getByRole('button', { name: 'Restore' }))
    expect(textbox(/^Customer name/).value).toBe('Rosa Parks')
    expect(textbox(/^Email/).value).toBe('rosa@example.com')
    const item1 = screen.getByRole('group', { name: 'Item 1' })
    expect(within(item1).getByRole<HTMLInputElement>('textbox', { name: /^Item name/ }).value).toBe(
      'Ridgeline 3-Person Tent',
    )
    expect(within(item1).getByRole<HTMLInputElement>('textbox', { name: /^Unit price/ }).value).toBe('429')
    expect(screen.queryByRole('region', { name: 'Restore your unsaved changes?' })).toBeNull()
    expect(document.activeElement).toBe(textbox(/^Customer name/))
    // Restored once: the draft is gone from storage.
    expect(app.context.services.storage.get('drafts')).toBeUndefined()
  })

  it('is dropped on Discard', async () => {
    const user = userEvent.setup()
    const app = await open('/carts/create')
    await typeHalfACart()
    await app.context.services.session.renew()
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'), { timeout: 10_000 })
    await signInAgain(app)
    const notice = await screen.findByRole(
      'region',
      { name: 'Restore your unsaved changes?' },
      { timeout: 10_000 },
    )
    await user.click(within(notice).getByRole('button', { name: 'Discard' }))
    expect(screen.queryByRole('region', { name: 'Restore your unsaved changes?' })).toBeNull()
    expect(textbox(/^Customer name/).value).toBe('')
    expect(app.context.services.storage.get('drafts')).toBeUndefined()
  })

  it('is not offered to another user signing in on the same browser', async () => {
    const app = await open('/carts/create')
    await typeHalfACart()
    await app.context.services.session.renew()
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'), { timeout: 10_000 })
    // Provider staff, who may act for Acme Outdoor too, signs in on the same browser.
    await signInAgain(app, 'ops@provider.test')
    await waitFor(() => expect(app.router.state.location.pathname).not.toBe('/login'), { timeout: 10_000 })
    await app.context.services.session.exchange(MERCHANT_IDS.acme)
    await app.router.navigate({ to: '/carts/create' })
    await heading('Create cart')
    expect(textbox(/^Customer name/).value).toBe('')
    expect(screen.queryByRole('region', { name: 'Restore your unsaved changes?' })).toBeNull()
    expect(app.context.services.storage.get('drafts')).toBeUndefined()
  })
})

describe('a cart half typed when the user signs out', () => {
  it('is not kept: signing in again shows the empty form', async () => {
    const user = userEvent.setup()
    const app = await open('/carts/create')
    await typeHalfACart()

    // Without a provider session to end, sign-out stays in the app (happy-dom cannot follow the
    // provider's end-session page); what it does first, marker and then tokens, is the same.
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith('mp:oidc.user:')) window.localStorage.removeItem(key)
    }
    // The header's controls arrive just after the page's first paint.
    await user.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 }))
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'), { timeout: 10_000 })
    expect(app.context.services.storage.get('drafts')).toBeUndefined()

    await signInAgain(app)
    await waitFor(() => expect(app.router.state.location.pathname).not.toBe('/login'), { timeout: 10_000 })
    await app.router.navigate({ to: '/carts/create' })
    await heading('Create cart')
    expect(textbox(/^Customer name/).value).toBe('')
    expect(screen.queryByRole('region', { name: 'Restore your unsaved changes?' })).toBeNull()
  })
})

async function endSessionAndSignInAgain(app: RenderedApp) {
  expect(await app.context.services.session.renew()).toBe(false)
  await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'), { timeout: 10_000 })
  return () => signInAgain(app)
}

describe('a bank account change half typed when the session ends', () => {
  it('keeps the holder and the type, and never the routing or account numbers', async () => {
    const user = userEvent.setup()
    const app = await open('/bank-information')
    await heading('Bank information')
    // The heading shows at once, the form once the bank information is read.
    fill(await screen.findByRole('textbox', { name: /^Account holder/ }), 'Acme Outdoor Payroll')
    fill(textbox(/^Routing number/), '021000021')
    fill(textbox(/^Account number/), '44556677')
    fill(textbox(/^Confirm last 4 digits/), '6677')

    const signIn = await endSessionAndSignInAgain(app)
    // The draft is kept when the form unmounts, which may come a render after the address changes.
    const stored = await waitFor(() => {
      const text = Object.values(window.localStorage).join('\n')
      expect(text).toContain('Acme Outdoor Payroll')
      return text
    })
    expect(stored).not.toContain('44556677')
    expect(stored).not.toContain('021000021')

    await signIn()
    const notice = await screen.findByRole(
      'region',
      { name: 'Restore your unsaved changes?' },
      { timeout: 10_000 },
    )
    await user.click(within(notice).getByRole('button', { name: 'Restore' }))
    expect(textbox(/^Account holder/).value).toBe('Acme Outdoor Payroll')
    expect(textbox(/^Routing number/).value).toBe('')
    expect(textbox(/^Account number\b(?! again)/).value).toBe('')
  })
})

describe('a store edit dialog half typed when the session ends', () => {
  it('offers the typed name again when the same store is edited after signing in', async () => {
    const user = userEvent.setup()
    const app = await open('/locations')
    const editFirstStore = async () => {
      const table = await screen.findByRole('table', undefined, { timeout: 10_000 })
      const [, row] = within(table).getAllByRole('row')
      if (!row) throw new Error('no store')
      await user.click(within(row).getByRole('button', { name: /^Edit / }))
      return screen.findByRole('dialog', { name: /^Edit / })
    }
    fill(within(await editFirstStore()).getByRole('textbox', { name: /^Store name/ }), 'Denver Flagship')

    await (await endSessionAndSignInAgain(app))()
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/locations'), { timeout: 10_000 })
    const dialog = await editFirstStore()
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Store name/ })
    expect(name.value).not.toBe('Denver Flagship')
    const notice = within(dialog).getByRole('region', { name: 'Restore your unsaved changes?' })
    await user.click(within(notice).getByRole('button', { name: 'Restore' }))
    expect(name.value).toBe('Denver Flagship')
  })
})
