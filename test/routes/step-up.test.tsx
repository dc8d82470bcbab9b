import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STEP_UP_MAX_AGE_SECONDS } from '../../contract/auth'
import { MERCHANT_IDS } from '../support/platform-ids'
import { itOnce } from '../support/platform-pass'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

// The fresh sign-in a step-up action needs, through the real router, query client and session against
// the sandbox: the refusal (or the portal's own check of auth_time), the prompt in place, the redirect to
// the provider with prompt=login and max_age=0, what is kept in browser storage, and the page the
// provider sends the user back to reopening the form for one more click. The provider's own sign-in page
// is the browser test's (test/e2e/keys.e2e.ts): here the tab comes back signed in afresh.

const sandbox = fileSandbox()
const acme = (path: string) => `/api/merchant/${MERCHANT_IDS.acme}/${path}`
let leftFor: string[] = []

beforeEach(() => {
  sandbox.reset()
  leftFor = []
  // Where the browser would go: the identity provider's authorization endpoint.
  vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => {
    leftFor.push(String(url))
  })
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** Opens the app at `path`, signed in as `as` (for `merchantID`, `signedInSecondsAgo` by the sandbox clock). */
function open(path: string, as: string, session: { merchantID?: string; signedInSecondsAgo?: number } = {}) {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as, ...session })
}

/** Signed in longer ago than a step-up action allows. */
const LONG_AGO = { signedInSecondsAgo: STEP_UP_MAX_AGE_SECONDS + 100 }

/**
 * Signs in again at the provider: what the callback leaves is a fresh session on the page asked for
 * (renderApp's own sign-in, made now).
 */
function backFromProvider(path: string, as: string, merchantID?: string) {
  cleanup()
  return open(path, as, { merchantID })
}

/** The prompt's button, pressed: the tab leaves for the provider's sign-in page, asked to sign in anew. */
async function signInAgain(prompt: HTMLElement) {
  const user = userEvent.setup()
  await user.click(within(prompt).getByRole('button', { name: 'Sign in again' }))
  await waitFor(() => expect(leftFor).toHaveLength(1))
  const authorize = new URL(leftFor[0] ?? '')
  expect(authorize.origin).toBe(new URL(sandbox.idpUrl).origin)
  expect(authorize.searchParams.get('prompt')).toBe('login')
  expect(authorize.searchParams.get('max_age')).toBe('0')
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/implicit/callback`)
}

/** Types the bank account's numbers, which are never kept through a fresh sign-in. */
function typeBankNumbers() {
  fireEvent.change(screen.getByRole('textbox', { name: /^Routing number/ }), {
    target: { value: '021000021' },
  })
  fireEvent.change(screen.getByRole('textbox', { name: /^Account number/ }), {
    target: { value: '44556677' },
  })
  fireEvent.change(screen.getByRole('textbox', { name: /^Confirm last 4 digits/ }), {
    target: { value: '6677' },
  })
}

function storedDrafts(): string {
  return window.localStorage.getItem('mp:drafts') ?? ''
}

describe('a fresh sign-in for what matters most', () => {
  it('virtual card: refused past 5 minutes by the platform, asked in place, reopened with the amount', async () => {
    const user = userEvent.setup()
    await open('/transactions', 'ops@provider.test', { merchantID: MERCHANT_IDS.acme })
    const section = await screen.findByRole('region', { name: 'In-store virtual cards' }, { timeout: 10_000 })
    await user.click(within(section).getByRole('button', { name: 'Issue virtual card' }))
    const dialog = await screen.findByRole('dialog', { name: 'Issue a virtual card' }, { timeout: 5_000 })
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Amount/ }), {
      target: { value: '250.00' },
    })
    // The platform's clock moves past the step-up age; this browser's does not, so the platform refuses.
    await sandbox.control.advanceClock((STEP_UP_MAX_AGE_SECONDS + 60) * 1_000)
    await user.click(within(dialog).getByRole('button', { name: 'Issue card' }))

    const prompt = await within(dialog).findByRole('region', { name: 'Sign in again to continue' })
    expect(prompt.textContent).toContain(
      'For your security, this action needs a sign-in within the last 5 minutes',
    )
    expect(within(dialog).queryByRole('alert')).toBeNull()
    expect(await sandbox.control.requests({ path: acme('virtual-cards'), method: 'POST' })).toHaveLength(1)
    await signInAgain(prompt)
    expect(storedDrafts()).toContain('step-up:virtual-cards:issue')
    expect(storedDrafts()).toContain('250.00')

    await backFromProvider('/transactions', 'ops@provider.test', MERCHANT_IDS.acme)
    const reopened = await screen.findByRole('dialog', { name: 'Issue a virtual card' }, { timeout: 10_000 })
    expect(within(reopened).getByRole('status').textContent).toContain('You signed in again')
    expect(within(reopened).getByRole('textbox', { name: /^Amount/ })).toHaveProperty('value', '250.00')
    // Nothing is sent again without the click, and what was kept is gone from storage.
    expect(await sandbox.control.requests({ path: acme('virtual-cards'), method: 'POST' })).toHaveLength(1)
    await waitFor(() => expect(storedDrafts()).not.toContain('step-up:'))
    await userEvent.setup().click(within(reopened).getByRole('button', { name: 'Issue card' }))
    expect(
      await screen.findByRole('dialog', { name: 'Virtual card issued' }, { timeout: 5_000 }),
    ).toBeDefined()
  })

  itOnce('bank account: asked before sending when auth_time is old; the numbers are never kept', async () => {
    const user = userEvent.setup()
    await open('/bank-information', 'owner@acme.test', LONG_AGO)
    const holder = await screen.findByRole('textbox', { name: /^Account holder/ }, { timeout: 10_000 })
    fireEvent.change(holder, { target: { value: 'Acme Outdoor Payroll' } })
    typeBankNumbers()
    await user.click(screen.getByRole('button', { name: 'Save bank account' }))

    const prompt = await screen.findByRole('region', { name: 'Sign in again to continue' })
    expect(prompt.textContent).toContain('type the routing and account numbers again')
    // The portal read auth_time on its token and asked first: nothing was sent.
    expect(await sandbox.control.requests({ path: acme('bank-information'), method: 'PUT' })).toHaveLength(0)
    await signInAgain(prompt)
    expect(storedDrafts()).toContain('Acme Outdoor Payroll')
    expect(storedDrafts()).not.toContain('44556677')
    expect(storedDrafts()).not.toContain('021000021')
    expect(storedDrafts()).not.toContain('6677')

    await backFromProvider('/bank-information', 'owner@acme.test')
    const back = await screen.findByRole('textbox', { name: /^Account holder/ }, { timeout: 10_000 })
    await waitFor(() => expect(back).toHaveProperty('value', 'Acme Outdoor Payroll'))
    expect(screen.getByText(/You signed in again. Type the routing and account numbers again/)).toBeDefined()
    expect(screen.getByRole('textbox', { name: /^Routing number/ })).toHaveProperty('value', '')
    typeBankNumbers()
    await user.click(screen.getByRole('button', { name: 'Save bank account' }))
    await screen.findByText(/The new bank account was saved/, undefined, { timeout: 5_000 })
    expect(await sandbox.control.requests({ path: acme('bank-information'), method: 'PUT' })).toHaveLength(1)
  })

  itOnce('key rotation: the grace period chosen comes back with the dialog', async () => {
    const user = userEvent.setup()
    await open('/access-keys', 'owner@acme.test', LONG_AGO)
    const section = await screen.findByRole('region', { name: 'Sandbox keys' }, { timeout: 10_000 })
    const [rotate] = await within(section).findAllByRole('button', { name: /^Rotate / })
    if (!rotate) throw new Error('no key to rotate')
    const keyName = (rotate.getAttribute('aria-label') ?? '').replace(/^Rotate /, '')
    await user.click(rotate)
    const dialog = await screen.findByRole('dialog', { name: `Rotate ${keyName}` })
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }))
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }))
    await signInAgain(await within(dialog).findByRole('region', { name: 'Sign in again to continue' }))

    await backFromProvider('/access-keys', 'owner@acme.test')
    const reopened = await screen.findByRole('dialog', { name: `Rotate ${keyName}` }, { timeout: 10_000 })
    expect(within(reopened).getByRole('radio', { name: '7 days' })).toBeChecked()
    await user.click(within(reopened).getByRole('button', { name: 'Rotate key' }))
    const shown = await screen.findByRole('dialog', { name: 'Key rotated' }, { timeout: 5_000 })
    expect(within(shown).getByTestId('new-secret').textContent).toMatch(/^sk_test_\w{32}$/)
  })
})
