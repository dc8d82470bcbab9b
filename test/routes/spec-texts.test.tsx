import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SigningInPage } from '../../src/auth/components/signing-in-page'
import { FLAG_CLIENT_ID } from '../../src/flags/flags'
import { activateLocale, createI18n } from '../../src/i18n/i18n'
import { Route as CallbackRoute } from '../../src/routes/implicit/callback'
import { renderApp } from '../support/render-app'
import { startSettingsSandbox } from './settings-support'

// Texts and behaviours the spec gives word for word (sections 3, 4 and 7): each test fails if one changes.

const { sandbox } = startSettingsSandbox()
const urls = () => ({ apiUrl: sandbox().apiUrl, idpUrl: sandbox().idpUrl })

describe('the spec, word for word', () => {
  it('Permission Denied says both sentences and offers Return to home page, which leads to the transactions', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp({ ...urls(), path: '/user-management', as: 'viewer@acme.test' })
    await screen.findByText('Permission Denied', undefined, { timeout: 10_000 })
    const text = document.body.textContent ?? ''
    expect(text).toContain('You do not have permissions to view this page.')
    expect(text).toContain('If you think this is incorrect, please contact the Merchant Success team.')
    const home = screen.getByRole('link', { name: 'Return to home page' })
    expect(home.getAttribute('href')).toBe('/transactions')
    await user.click(home)
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'))
  })

  it('/ opens the transaction list at /transactions', async () => {
    const { router } = await renderApp({ ...urls(), path: '/', as: 'owner@acme.test' })
    await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 10_000 })
    expect(router.state.location.pathname).toBe('/transactions')
  })

  it('/implicit/callback shows the signing-in loading screen while the redirect is processed', async () => {
    // The route shows its pending screen (split into its own chunk) from the first moment; with the
    // sandbox the redirect is handled too fast to catch on screen, so the screen is rendered here.
    expect(CallbackRoute.options.pendingComponent).toBeDefined()
    expect(CallbackRoute.options.pendingMs).toBe(0)
    const i18n = createI18n()
    await activateLocale(i18n, 'en-US')
    render(
      <I18nProvider i18n={i18n}>
        <MantineProvider>
          <SigningInPage />
        </MantineProvider>
      </I18nProvider>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Signing you in' })).toBeInTheDocument()
    expect(screen.getByText('Signing you in…')).toBeInTheDocument()
  })

  it("logs 'failed to decode bread token' when the exchanged portal token cannot be read", async () => {
    const user = userEvent.setup()
    const { control } = await renderApp({ ...urls(), path: '/login', config: { fakeAuth: true } })
    await screen.findByRole('heading', { level: 1, name: 'Developer sign-in' }, { timeout: 5_000 })
    await control.addFault({
      method: 'POST',
      path: '/api/auth/org/token/exchange',
      kind: 'status',
      status: 200,
      body: { data: { token: 'not-a-jwt' } },
    })
    const { providerAccessToken } = await control.session('viewer@acme.test')
    await user.click(screen.getByLabelText('Provider access token'))
    await user.paste(providerAccessToken)
    await user.click(screen.getByRole('button', { name: 'Use this token' }))
    await waitFor(
      async () =>
        expect((await control.logs()).map((entry) => entry.message)).toContain(
          'failed to decode bread token',
        ),
      { timeout: 10_000 },
    )
  })

  it('sends the flag client id, a random UUID made once per page load, with every flag call', async () => {
    const { control } = await renderApp({ ...urls(), path: '/transactions', as: 'owner@acme.test' })
    await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 10_000 })
    expect(FLAG_CLIENT_ID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const calls = await control.requests({ path: '/api/featureflag/evaluation/**', method: 'POST' })
    expect(calls.length).toBeGreaterThan(0)
    expect(new Set(calls.map((call) => call.headers['x-flag-client-id']))).toEqual(new Set([FLAG_CLIENT_ID]))
  })
})
