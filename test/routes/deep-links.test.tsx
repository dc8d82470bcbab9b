import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { keepAppSessionAlive } from '../../src/app/keep-alive'
import { KEY_PREFIX } from '../../src/storage/storage'
import { MERCHANT_IDS } from '../support/platform-ids'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

// CONTRACT section 4: a deep link is a one-shot command. Applied once by a signed-in tab, it leaves
// only its filters in the address (history replaced), so a reload or another tab's token change never
// applies it again.

const sandbox = fileSandbox()
const EXCHANGE = { path: '/api/auth/org/token/exchange', method: 'POST' }

beforeEach(() => {
  sandbox.reset()
})

function deepLink(merchantID: string, flag = 'true', path = '/transactions'): string {
  return `${path}?isDeepLink=${flag}&search=TX-0000&searchType=Transaction&merchantID=${merchantID}&date=2026-03-01`
}

async function open(path: string, as = 'ops@provider.test'): Promise<RenderedApp> {
  const app = await renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as })
  await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 10_000 })
  await waitFor(() => expect(app.router.state.status).toBe('idle'))
  return app
}

async function exchanges(): Promise<number> {
  return (await sandbox.control.requests(EXCHANGE)).length
}

/** The merchant the header's chooser shows this staff tab acting for. */
async function shownMerchant(): Promise<string> {
  return (await screen.findByLabelText<HTMLInputElement>('Merchant', {}, { timeout: 10_000 })).value
}

/** The address bar: path and query as the router wrote them. */
function address(app: RenderedApp): { pathname: string; search: Record<string, unknown> } {
  const { pathname, search } = app.router.state.location
  return { pathname, search: { ...search } }
}

const APPLIED = { search: 'TX-0000', from: '02/28/2026', to: '03/02/2026' }

/** What another tab's new token leaves in the shared localStorage, and the event this tab gets. */
async function otherTabActsFor(merchantId: string): Promise<void> {
  const { portalToken } = await sandbox.control.session('ops@provider.test', merchantId)
  const value = JSON.stringify({ token: portalToken, storedAt: Date.now() })
  window.localStorage.setItem(`${KEY_PREFIX}token`, value)
  window.dispatchEvent(new StorageEvent('storage', { key: `${KEY_PREFIX}token`, newValue: value }))
}

describe('a deep link opened by a signed-in tab', () => {
  it("acts for the link's merchant once and replaces the address with the link's filters", async () => {
    const app = await open(deepLink(MERCHANT_IDS.globex))
    expect(await shownMerchant()).toBe('Globex Home')
    expect(address(app)).toEqual({ pathname: '/transactions', search: APPLIED })
    expect(screen.getByText('02/28/2026 – 03/02/2026')).toBeInTheDocument()
    // Replaced, not pushed: going back does not reach the link again.
    expect(app.router.history.length).toBe(1)
    expect(await exchanges()).toBe(1)
    expect(app.context.services.storage.get('selectedMerchantId')).toBe(MERCHANT_IDS.globex)

    // A reload of the page's data (what another tab's renewal causes) does not exchange again.
    await app.router.invalidate()
    expect(await exchanges()).toBe(1)
    expect(address(app)).toEqual({ pathname: '/transactions', search: APPLIED })
  })

  it("adopts another tab's merchant afterwards instead of taking the token back", async () => {
    const app = await open(deepLink(MERCHANT_IDS.globex))
    onTestFinished(keepAppSessionAlive(app.router, app.context))
    await sandbox.control.clearRequests()
    await otherTabActsFor(MERCHANT_IDS.acme)
    await waitFor(async () => expect(await shownMerchant()).toBe('Acme Outdoor'), { timeout: 10_000 })
    await waitFor(() => expect(app.router.state.status).toBe('idle'))
    expect(await exchanges()).toBe(0)
    expect(app.context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.acme)
    expect(app.context.services.storage.get('selectedMerchantId')).toBe(MERCHANT_IDS.acme)
    expect(address(app)).toEqual({ pathname: '/transactions', search: APPLIED })
  })

  it('keeps the link in the address while its merchant could not be taken on, and spends it once it is', async () => {
    await sandbox.control.addFault({ ...EXCHANGE, kind: 'status', status: 503, times: 1 })
    window.localStorage.setItem(`${KEY_PREFIX}selectedMerchantId`, JSON.stringify(MERCHANT_IDS.acme))
    const app = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: deepLink(MERCHANT_IDS.globex),
      as: 'ops@provider.test',
      merchantID: MERCHANT_IDS.acme,
    })
    await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 10_000 })
    expect(await shownMerchant()).toBe('Acme Outdoor')
    expect(address(app).search).toMatchObject({ isDeepLink: true, merchantID: MERCHANT_IDS.globex })

    await app.router.invalidate()
    await waitFor(async () => expect(await shownMerchant()).toBe('Globex Home'), { timeout: 10_000 })
    expect(address(app)).toEqual({ pathname: '/transactions', search: APPLIED })
    expect(await exchanges()).toBe(2)
  })

  it('applies the filters but never the merchant for a user with an assigned merchant', async () => {
    const app = await open(deepLink(MERCHANT_IDS.globex), 'owner@acme.test')
    expect((await screen.findByTestId('current-merchant')).textContent).toBe('Acme Outdoor')
    expect(address(app)).toEqual({ pathname: '/transactions', search: APPLIED })
    expect(await exchanges()).toBe(0)
  })

  it('leaves only the other parameters on a page without date filters', async () => {
    const app = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: `/data-insights?isDeepLink=true&merchantID=${MERCHANT_IDS.harbor}`,
      as: 'ops@provider.test',
    })
    await screen.findByRole('heading', { level: 1, name: 'Data insights' }, { timeout: 10_000 })
    expect(await shownMerchant()).toBe('Harbor Home Store')
    expect(address(app)).toEqual({ pathname: '/data-insights', search: {} })
  })
})

describe('an address that is no deep link', () => {
  it.each(['false', 'no'])('with isDeepLink=%s chooses no merchant and widens no date', async (flag) => {
    window.localStorage.setItem(`${KEY_PREFIX}selectedMerchantId`, JSON.stringify(MERCHANT_IDS.acme))
    const app = await open(deepLink(MERCHANT_IDS.globex, flag))
    expect(await shownMerchant()).toBe('Acme Outdoor')
    expect(address(app)).toEqual({ pathname: '/transactions', search: { search: 'TX-0000' } })
    expect(screen.queryByText('02/28/2026 – 03/02/2026')).toBeNull()
  })
})
