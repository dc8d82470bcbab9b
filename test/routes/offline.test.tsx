import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createControl } from '../../sandbox/control'
import { keepAppSessionAlive } from '../../src/app/keep-alive'
import { MERCHANT_IDS } from '../support/platform-ids'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

afterEach(() => {
  vi.restoreAllMocks()
  // TanStack Query's online state is global: leave it online for the next test.
  window.dispatchEvent(new Event('online'))
})

/** What the browser does when the network goes away or comes back. */
function goOffline() {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false)
  window.dispatchEvent(new Event('offline'))
}
function goOnline() {
  vi.restoreAllMocks()
  window.dispatchEvent(new Event('online'))
}

const OFFLINE = /You are offline\./

describe('offline', () => {
  it('says so, and on reconnecting loads again the page that failed meanwhile', async () => {
    sandbox.reset()
    const profile = `/api/merchant/${MERCHANT_IDS.acme}/business-profile`
    // The connection drops before the browser notices: the page's read fails as the 'Oops...' box.
    const fault = await createControl(sandbox.apiUrl).addFault({ method: 'GET', path: profile, kind: 'drop' })
    const app = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/account-settings',
      as: 'owner@acme.test',
    })
    expect(await screen.findByText('Oops...', undefined, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.queryByText(OFFLINE)).toBeNull()

    goOffline()
    expect((await screen.findByText(OFFLINE)).closest('[role="status"]')).toBeInTheDocument()

    await app.control.removeFault(fault)
    goOnline()
    await screen.findByRole('heading', { level: 1, name: 'Account settings' }, { timeout: 5_000 })
    await waitFor(() => expect(screen.queryByText('Oops...')).toBeNull())
    expect(screen.queryByText(OFFLINE)).toBeNull()
  })
})

describe('a renewal sent a moment before the network is back', () => {
  it('is followed at once by another when it fails, not after the back-off', async () => {
    sandbox.reset()
    const { router, context, control } = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/login',
      config: { fakeAuth: true },
    })
    // As src/main.tsx starts it for the app.
    onTestFinished(keepAppSessionAlive(router, context))
    const { session } = context.services
    const { providerAccessToken } = await control.session('owner@acme.test')
    await session.signInWithAdminToken(providerAccessToken)
    const exchange = '/api/auth/org/token/exchange'
    await control.clearRequests()
    // The platform fails the first renewal slowly: it is still under way when the browser is online.
    await control.addFault({
      method: 'POST',
      path: exchange,
      kind: 'status',
      status: 503,
      delayMs: 400,
      times: 1,
    })

    goOffline()
    const waking = session.renew()
    goOnline()
    expect(await waking).toBe(false)
    const failedAt = Date.now()
    await waitFor(() => expect(session.health.failures()).toBe(0), { timeout: 3_000 })
    // The back-off's first retry waits at least 1.5 s.
    expect(Date.now() - failedAt).toBeLessThan(1_000)
    expect(await control.requests({ path: exchange, method: 'POST' })).toHaveLength(2)
    expect(session.current()?.claims.cid).toBe(MERCHANT_IDS.acme)
  })
})
