import type { RouterContext } from '../../src/app/context'
import { createQueryClient } from '../../src/app/query-client'
import { createAppServices } from '../../src/app/services'
import { parseConfig } from '../../src/config/config'
import type { SandboxFixture } from './sandbox'

/**
 * The app's real services and query client (no router, no render) against the file's sandbox (`fileSandbox()`), signed
 * in as a sandbox persona when `as` is given, its token acting for `merchantID` when given.
 */
export async function signedInContext(
  sandbox: Pick<SandboxFixture, 'apiUrl' | 'idpUrl' | 'control'>,
  { as, merchantID }: { as?: string; merchantID?: string } = {},
): Promise<RouterContext> {
  const origin = window.location.origin
  const config = parseConfig(
    { env: 'local', apiurl: sandbox.apiUrl, issuer: sandbox.idpUrl, fakeAuth: true },
    origin,
  )
  const services = await createAppServices(config, origin, { languages: ['en-US'] })
  if (as) {
    const { providerAccessToken } = await sandbox.control.session(as)
    await services.session.signInWithAdminToken(providerAccessToken)
    if (merchantID) await services.session.exchange(merchantID)
  }
  return { queryClient: createQueryClient(services.log), services }
}
