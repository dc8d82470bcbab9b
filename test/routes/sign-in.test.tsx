import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createControl } from '../../sandbox/control'
import { MERCHANT_IDS } from '../support/platform-ids'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

const deepLink = `/transactions?isDeepLink=true&search=TX-42&searchType=Order&merchantID=${MERCHANT_IDS.acme}&date=2026-03-01`

describe('signed-out users', () => {
  it('are sent to /login with the full deep link remembered in history state, not in the URL', async () => {
    const { router } = await renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path: deepLink })
    await screen.findByRole('heading', { level: 1, name: 'Sign in' })
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.searchStr).toBe('')
    expect(router.state.location.state.returnTo).toBe(deepLink)
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument()
  })

  it('see page-not-found for an unknown path rather than the sign-in page', async () => {
    const { router } = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/no-such-page',
    })
    await screen.findByRole('heading', { level: 1, name: 'Page not found' })
    expect(router.state.location.pathname).toBe('/no-such-page')
  })
})

describe('signed-in users', () => {
  it('opening /login go to the transactions page', async () => {
    const { router } = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/login',
      as: 'owner@acme.test',
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'), { timeout: 10_000 })
    expect(await screen.findByTestId('current-merchant', undefined, { timeout: 10_000 })).toHaveProperty(
      'textContent',
      'Acme Outdoor',
    )
  })
})

describe('a failed login callback', () => {
  it('lands on /login with the 20-second error alert and logs the reason', async () => {
    const { router, control } = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/implicit/callback?error=access_denied&error_description=User%20cancelled&state=unknown',
    })
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(alert.textContent).toContain('Error was:'))
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.searchStr).toBe('')
    const stored = JSON.parse(window.sessionStorage.getItem('mp:alerts') ?? '[]')
    expect(stored[0]).toMatchObject({ status: 'ERROR', duration: 20_000 })
    await waitFor(async () => {
      const logs = await control.logs()
      expect(logs.map((entry) => entry.message)).toContain('Failed to parse token from url')
    })
  })
})

describe('fake authentication', () => {
  it('replaces /login with the developer page, where a pasted provider token signs in', async () => {
    const user = userEvent.setup()
    const { router, control, context } = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/login',
      config: { fakeAuth: true },
    })
    await screen.findByRole('heading', { level: 1, name: 'Developer sign-in' }, { timeout: 5_000 })
    const { providerAccessToken } = await control.session('viewer@acme.test')
    await user.click(screen.getByLabelText('Provider access token'))
    await user.paste(providerAccessToken)
    await user.click(screen.getByRole('button', { name: 'Use this token' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'), { timeout: 10_000 })
    expect(context.services.storage.get('adminToken')).toBe(providerAccessToken)
    expect(context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.acme)
  })
})

describe('the language picker', () => {
  it('switches the interface language and remembers it', async () => {
    const user = userEvent.setup()
    const { context } = await renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path: '/login' })
    await screen.findByRole('heading', { level: 1, name: 'Sign in' })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr-CA')
    await screen.findByRole('heading', { level: 1, name: 'Se connecter' })
    expect(context.services.storage.get('locale')).toBe('fr-CA')
    expect(document.documentElement.lang).toBe('fr-CA')
  })
})

describe('while programs load', () => {
  it('shows the loading page', async () => {
    const control = createControl(sandbox.apiUrl)
    await control.addFault({
      path: '/api/merchant-program-participation',
      kind: 'delay',
      delayMs: 1_500,
      times: 1,
    })
    await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/data-insights',
      as: 'owner@acme.test',
    })
    expect(
      await screen.findByText('Loading your programs…', undefined, { timeout: 3_000 }),
    ).toBeInTheDocument()
    await screen.findByRole('heading', { level: 1, name: 'Data insights' }, { timeout: 10_000 })
  })
})
