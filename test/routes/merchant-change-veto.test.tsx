import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { FundingSettings } from '../../src/api/schemas/settings'
import { keepAppSessionAlive } from '../../src/app/keep-alive'
import { KEY_PREFIX } from '../../src/storage/storage'
import { MERCHANT_IDS } from '../support/platform-ids'
import { openSettings, pageHeading, readThroughApi, startSettingsSandbox } from './settings-support'

// Spec section 5: a registered check may veto a merchant change. Every change is put to it, also one
// made in another tab, which this tab would otherwise follow silently.

const { sandbox, control } = startSettingsSandbox()
const fundingPath = `/api/merchant/${MERCHANT_IDS.acme}/funding-settings`

async function dirtyFundingForm(path = '/funding-settings') {
  const user = userEvent.setup()
  const app = await openSettings(sandbox(), path, 'ops@provider.test', MERCHANT_IDS.acme)
  await pageHeading('Funding settings')
  const minimum = screen.getByRole('textbox', { name: /Minimum payout/ })
  await user.clear(minimum)
  await user.paste('25.5')
  // This tab follows other tabs' token changes as the app does, until the test ends.
  onTestFinished(keepAppSessionAlive(app.router, app.context))
  return { user, app, minimum }
}

async function keepEditing(user: ReturnType<typeof userEvent.setup>) {
  const question = await screen.findByRole(
    'dialog',
    { name: 'Discard unsaved changes?' },
    { timeout: 10_000 },
  )
  expect(question.textContent).toContain('If you switch merchant now')
  await user.click(within(question).getByRole('button', { name: 'Keep editing' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
}

/** What another tab's new token leaves in the shared localStorage, and the event this tab gets. */
async function otherTabStores(merchantId: string) {
  const { portalToken } = await control().session('ops@provider.test', merchantId)
  const value = JSON.stringify({ token: portalToken, storedAt: Date.now() })
  window.localStorage.setItem(`${KEY_PREFIX}token`, value)
  window.dispatchEvent(new StorageEvent('storage', { key: `${KEY_PREFIX}token`, newValue: value }))
}

// The portal's own log lines go out without a token; a failed save is logged.
const LOG_PATH = '/api/merchant-portal-backend/log'

/** Writes that reached the platform since the last clearRequests(): no reads, preflights or log lines. */
async function writesSent() {
  return (await control().requests()).filter(
    ({ method, path }) => method !== 'GET' && method !== 'OPTIONS' && path !== LOG_PATH,
  )
}

const EXCHANGE_PATH = '/api/auth/org/token/exchange'

/** The merchant the header's chooser shows this tab acting for. */
async function shownMerchant() {
  const chooser = await screen.findByLabelText<HTMLInputElement>('Merchant', {}, { timeout: 10_000 })
  return chooser.value
}

/**
 * A deep link to Globex whose exchange failed when the tab opened it, so the tab shows Acme with the
 * link still in its address, and a changed field. The next time the guard runs there (here: when
 * another tab renews the shared token, which reloads this tab's data in place, past the page's leave
 * question since the address does not change), it tries the link's merchant again.
 */
async function dirtyFormUnderUnfollowedDeepLink() {
  await control().addFault({ method: 'POST', path: EXCHANGE_PATH, kind: 'status', status: 503, times: 1 })
  const opened = await dirtyFundingForm(`/funding-settings?isDeepLink=true&merchantID=${MERCHANT_IDS.globex}`)
  expect(await shownMerchant()).toBe('Acme Outdoor')
  await control().clearRequests()
  // The renewal another tab made: a new token, still for Acme.
  await otherTabStores(MERCHANT_IDS.acme)
  const question = await screen.findByRole(
    'dialog',
    { name: 'Discard unsaved changes?' },
    { timeout: 10_000 },
  )
  expect(question.textContent).toContain('If you switch merchant now')
  return { ...opened, question }
}

describe('the merchant-change veto', () => {
  it("is asked before the guard follows a deep link's merchant, and keeps the merchant and the input", async () => {
    const { user, app, minimum, question } = await dirtyFormUnderUnfollowedDeepLink()
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(app.router.state.status).toBe('idle'))
    expect(await control().requests({ path: EXCHANGE_PATH, method: 'POST' })).toEqual([])
    expect(app.context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.acme)
    expect(await shownMerchant()).toBe('Acme Outdoor')
    expect(screen.getByRole('textbox', { name: /Minimum payout/ })).toBe(minimum)
    expect(minimum).toHaveProperty('value', '25.5')
  })

  it("changes to the deep link's merchant when the user discards the input", async () => {
    const { user, app, question } = await dirtyFormUnderUnfollowedDeepLink()
    await user.click(within(question).getByRole('button', { name: 'Discard changes' }))
    await waitFor(async () => expect(await shownMerchant()).toBe('Globex Home'), { timeout: 10_000 })
    expect(app.context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.globex)
    expect(await control().requests({ path: EXCHANGE_PATH, method: 'POST' })).toHaveLength(1)
    expect(app.context.services.storage.get('selectedMerchantId')).toBe(MERCHANT_IDS.globex)
  })

  it('asks once when a deep link to another merchant is followed from the page', async () => {
    const { user, app, minimum } = await dirtyFundingForm()
    await control().clearRequests()
    const deepLink = `/transactions?isDeepLink=true&search=TX-0000&searchType=Transaction&merchantID=${MERCHANT_IDS.globex}&date=2026-03-01`

    // Leaving the page is asked first; keeping the input keeps the page and its merchant.
    void app.router.navigate({ href: deepLink })
    let question = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })
    expect(question.textContent).toContain('If you leave now')
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(app.router.state.location.pathname).toBe('/funding-settings')
    expect(minimum).toHaveProperty('value', '25.5')
    expect(await shownMerchant()).toBe('Acme Outdoor')

    // Discarding it is the answer for the merchant change too: no second question.
    void app.router.navigate({ href: deepLink })
    question = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })
    await user.click(within(question).getByRole('button', { name: 'Discard changes' }))
    await pageHeading('Transactions')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await shownMerchant()).toBe('Globex Home')
    expect(await control().requests({ path: EXCHANGE_PATH, method: 'POST' })).toHaveLength(1)
  })

  it('is asked when another tab switches merchant, and keeps the input', async () => {
    const { user, minimum } = await dirtyFundingForm()
    await otherTabStores(MERCHANT_IDS.globex)
    await keepEditing(user)
    expect(screen.getByRole('textbox', { name: /Minimum payout/ })).toBe(minimum)
    expect(minimum).toHaveProperty('value', '25.5')
  })

  it("then sends no save under the other merchant's token, says so, keeps the input, and can switch back", async () => {
    const { user, app, minimum } = await dirtyFundingForm()
    await otherTabStores(MERCHANT_IDS.globex)
    await keepEditing(user)
    await control().clearRequests()

    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    const line = await screen.findByText(
      'Another tab switched to merchant Globex Home. Nothing was saved; your input is still here.',
      {},
      { timeout: 10_000 },
    )
    const alert = line.closest<HTMLElement>('[role="alert"]')
    if (!alert) throw new Error('the message is not in an alert')
    expect(alert.textContent).toContain(
      'Switch this tab back to Acme Outdoor to save it, or reload the page to continue with Globex Home.',
    )
    expect(await writesSent()).toEqual([])
    expect(minimum).toHaveProperty('value', '25.5')
    const form = screen.getByRole('form', { name: 'Payout schedule and settlement' })
    expect(form.textContent).toContain('Another tab switched to another merchant, so nothing was sent.')

    // Switching back exchanges the shared token for Acme (the other tab then follows it); the input
    // is still there and now saves for Acme.
    await user.click(within(alert).getByRole('button', { name: 'Switch this tab back to Acme Outdoor' }))
    await screen.findByText('This tab acts for Acme Outdoor again. You can save your changes now.')
    expect(app.context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.acme)
    expect(minimum).toHaveProperty('value', '25.5')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(async () =>
      expect((await writesSent()).map(({ method, path }) => `${method} ${path}`)).toEqual([
        'POST /api/auth/org/token/exchange',
        `PUT ${fundingPath}`,
      ]),
    )
    const stored = await readThroughApi<{ data: FundingSettings }>(
      sandbox(),
      fundingPath,
      'ops@provider.test',
      MERCHANT_IDS.acme,
    )
    expect(stored.data.settlement.minimumPayoutAmount).toBe(2550)
  })

  it('lets saves go out as before when no other tab switched merchant', async () => {
    const { user } = await dirtyFundingForm()
    await control().clearRequests()
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(async () =>
      expect((await writesSent()).map(({ method, path }) => `${method} ${path}`)).toEqual([
        `PUT ${fundingPath}`,
      ]),
    )
    expect(screen.queryByText(/Another tab switched/)).toBeNull()
  })
})
