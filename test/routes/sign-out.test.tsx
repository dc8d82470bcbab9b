import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { keepAppSessionAlive } from '../../src/app/keep-alive'
import type { AppRouter } from '../../src/app/router'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

/** Every path the router sets out for from now on, redirects included. */
function pathsVisited(router: AppRouter): string[] {
  const paths: string[] = []
  router.subscribe('onBeforeNavigate', (event) => paths.push(event.toLocation.pathname))
  return paths
}

/**
 * happy-dom has no layout, so Floating UI keeps the open menu hidden from role queries; the items are
 * there and work.
 */
async function signOutFromMenu(): Promise<void> {
  const user = userEvent.setup({ delay: null })
  const button = await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 })
  await user.click(button)
  await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'))
  await user.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }))
}

describe('signing out (spec sections 4 and 8)', () => {
  it('logs a failed provider sign-out and still passes through the sign-out callback to /login', async () => {
    const app = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/data-insights',
      as: 'owner@acme.test',
    })
    const { router, context, control } = app
    const stop = keepAppSessionAlive(router, context)
    await screen.findByRole('heading', { level: 1, name: 'Data insights' }, { timeout: 10_000 })
    await control.clearLogs()
    await control.addFault({ path: '/idp/.well-known/openid-configuration', kind: 'status', status: 500 })
    const visited = pathsVisited(router)

    await signOutFromMenu()
    await screen.findByRole('heading', { level: 1, name: 'Sign in' })
    expect(visited).toContain('/logout/callback')
    expect(router.state.location.pathname).toBe('/login')
    await waitFor(async () =>
      expect((await control.logs()).map((entry) => entry.message)).toContain('Sign-out failed'),
    )
    expect(context.services.session.storedToken()).toBeNull()
    stop()
  })

  it('with fake authentication passes through the sign-out callback too', async () => {
    const app = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/login',
      config: { fakeAuth: true },
    })
    const { router, context, control } = app
    const stop = keepAppSessionAlive(router, context)
    const { providerAccessToken } = await control.session('owner@acme.test')
    await context.services.session.signInWithAdminToken(providerAccessToken)
    await router.navigate({ to: '/data-insights' })
    await screen.findByRole('heading', { level: 1, name: 'Data insights' }, { timeout: 10_000 })
    const visited = pathsVisited(router)

    await signOutFromMenu()
    await screen.findByRole('heading', { level: 1, name: 'Developer sign-in' })
    expect(visited).toEqual(['/logout/callback', '/login'])
    expect(context.services.storage.get('adminToken')).toBeUndefined()
    stop()
  })
})
