import { sandboxPortalConfig } from '../../sandbox/portal-config'
import type { RouterContext } from '../../src/app/context'
import { createQueryClient } from '../../src/app/query-client'
import { createAppServices, type ServiceOverrides } from '../../src/app/services'
import { type Config, parseConfig } from '../../src/config/config'
import { ShownPages } from '../../src/shared/shown-pages'
import type { SandboxFixture } from './sandbox'

type SandboxUrls = Pick<SandboxFixture, 'apiUrl' | 'idpUrl'>

/**
 * The app's real services and query client (no router, no render) against a sandbox, configured as
 * its /config.json would be with `extra` keys added and `overrides` for its services; renderApp and signedInContext start from it.
 */
export async function appContext(
  { apiUrl, idpUrl }: SandboxUrls,
  extra: Record<string, unknown> = {},
  overrides: ServiceOverrides = {},
): Promise<{ config: Config; context: RouterContext }> {
  const origin = window.location.origin
  const config = parseConfig({ ...sandboxPortalConfig(idpUrl), apiurl: apiUrl, ...extra }, origin)
  const services = await createAppServices(config, origin, { languages: ['en-US'], ...overrides })
  return {
    config,
    context: { queryClient: createQueryClient(services.log), services, shownPages: new ShownPages() },
  }
}

/**
 * The app's context against the file's sandbox (`fileSandbox()`), signed in through the session as a
 * sandbox persona when `as` is given, its token acting for `merchantID` when given.
 */
export async function signedInContext(
  sandbox: SandboxUrls & Pick<SandboxFixture, 'control'>,
  { as, merchantID }: { as?: string; merchantID?: string } = {},
): Promise<RouterContext> {
  const { context } = await appContext(sandbox, { fakeAuth: true })
  if (as) {
    const { providerAccessToken } = await sandbox.control.session(as)
    await context.services.session.signInWithAdminToken(providerAccessToken)
    if (merchantID) await context.services.session.exchange(merchantID)
  }
  return context
}
