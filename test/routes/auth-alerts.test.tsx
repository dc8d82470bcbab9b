import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { SandboxControl } from '../../sandbox/control'
import type { AlertStore } from '../../src/alerts/alert-store'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

const DEFAULT_MESSAGE = 'Something went wrong. Please try again or contact the Merchant Success team.'

/** The spec's authentication error alert: the default message, then 'Error was: …', for 20 seconds. */
function expectAuthAlert(alerts: AlertStore, cause: string | RegExp): void {
  const alert = alerts.getSnapshot().alert
  expect(alert).toMatchObject({ status: 'ERROR', duration: 20_000 })
  const [first, second] = Array.isArray(alert?.message) ? alert.message : []
  expect(first).toBe(DEFAULT_MESSAGE)
  expect(second).toMatch(typeof cause === 'string' ? `Error was: ${cause}` : cause)
}

async function expectLogged(control: SandboxControl, message: string): Promise<void> {
  await waitFor(async () => expect((await control.logs()).map((entry) => entry.message)).toContain(message))
}

describe('the authentication error alert', () => {
  it('follows a failed token exchange', async () => {
    const { context, control } = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/login',
      config: { fakeAuth: true },
    })
    await control.clearLogs()
    const { providerAccessToken } = await control.session('viewer@acme.test')
    await control.addFault({
      method: 'POST',
      path: '/api/auth/org/token/exchange',
      kind: 'status',
      status: 500,
      times: 1,
    })
    await expect(context.services.session.signInWithAdminToken(providerAccessToken)).rejects.toThrow()
    expectAuthAlert(context.services.alerts, /^Error was: .*500/)
    await expectLogged(control, 'Error exchanging tokens')
  })

  it('follows a failed renewal', async () => {
    const { context, control } = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/login',
      as: 'owner@acme.test',
    })
    await control.clearLogs()
    // The test session holds no refresh token, as a provider that issued none would leave it.
    expect(await context.services.session.renew()).toBe(false)
    expectAuthAlert(context.services.alerts, 'no refresh token')
    expect(context.services.session.current()).toBeNull()
    await expectLogged(control, 'Failed to refresh okta token for bread token')
  })

  it('follows an identity provider that cannot be reached', async () => {
    const user = userEvent.setup()
    const { context, control } = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: 'http://127.0.0.1:9',
      path: '/login',
    })
    await control.clearLogs()
    await user.click(await screen.findByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(context.services.alerts.getSnapshot().alert).not.toBeNull(), {
      timeout: 10_000,
    })
    expectAuthAlert(context.services.alerts, /^Error was: ./)
    await expectLogged(control, 'Failed to reach the identity provider')
  })

  it('follows a failed fake-authentication sign-in', async () => {
    const { context, control } = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/login',
      config: { fakeAuth: true },
    })
    await control.clearLogs()
    await expect(context.services.session.signInWithAdminToken('not-a-provider-token')).rejects.toThrow()
    expectAuthAlert(context.services.alerts, /^Error was: .*401/)
    expect(context.services.session.current()).toBeNull()
    await expectLogged(control, 'Error exchanging tokens')
  })
})
