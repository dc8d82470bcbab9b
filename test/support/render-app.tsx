import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { User } from 'oidc-client-ts'
import { createControl, type SandboxControl } from '../../sandbox/control'
import type { RouterContext } from '../../src/app/context'
import { rerunGuardsWhenFactsChange } from '../../src/app/guard-facts'
import { Providers } from '../../src/app/providers'
import { type AppRouter, createAppRouter } from '../../src/app/router'
import type { ServiceOverrides } from '../../src/app/services'
import { reportCaughtError } from '../../src/guards/outcomes'
import { appContext } from './app-context'

export interface RenderAppOptions {
  apiUrl: string
  idpUrl: string
  path: string
  /** Signs in as this sandbox persona (real tokens from the sandbox) before the first render. */
  as?: string
  /** For a persona without an assigned merchant: the merchant its token acts for. */
  merchantID?: string
  /** How long ago (by the sandbox clock) the persona signed in at the provider: 0 unless told. */
  signedInSecondsAgo?: number
  /** Narrows the persona's scopes to these (a user who holds less than the persona). */
  scopes?: string[]
  /** Extra /config.json keys, e.g. `{ fakeAuth: true }`. */
  config?: Record<string, unknown>
  /** Stand-ins for the browser the services run in, e.g. its languages or a failing catalog loader. */
  services?: ServiceOverrides
}

export interface RenderedApp {
  router: AppRouter
  context: RouterContext
  control: SandboxControl
}

/** Renders the real app (router, query client, services) against a running sandbox. */
export async function renderApp({
  apiUrl,
  idpUrl,
  path,
  as,
  merchantID,
  signedInSecondsAgo,
  scopes,
  config: extra,
  services,
}: RenderAppOptions): Promise<RenderedApp> {
  const { config, context } = await appContext({ apiUrl, idpUrl }, extra, services)
  const control = createControl(apiUrl)
  if (as) {
    const { portalToken, providerAccessToken } = await control.session(as, merchantID, {
      ...(signedInSecondsAgo === undefined ? {} : { signedInSecondsAgo }),
      ...(scopes ? { scopes } : {}),
    })
    context.services.storage.set('token', { token: portalToken, storedAt: Date.now() })
    // The provider's session as oidc-client-ts keeps it, so exchanges for another merchant work.
    const user = new User({
      access_token: providerAccessToken,
      token_type: 'Bearer',
      profile: { sub: as, iss: idpUrl, aud: config.get('clientId'), exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + 600,
    })
    window.localStorage.setItem(`mp:oidc.user:${idpUrl}:${config.get('clientId')}`, user.toStorageString())
  }
  const router = createAppRouter(context, createMemoryHistory({ initialEntries: [path] }))
  // As the app's start-up does (src/main.tsx).
  rerunGuardsWhenFactsChange(context.queryClient, () => void router.invalidate())
  render(
    <Providers context={context}>
      <RouterProvider router={router} />
    </Providers>,
    // As the app's root reports what its boundaries catch (src/main.tsx).
    { onCaughtError: reportCaughtError },
  )
  return { router, context, control }
}
