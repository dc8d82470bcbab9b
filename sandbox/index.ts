import type { RequestListener } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import * as v from 'valibot'
import { type Api, createApi } from './api/app'
import { SandboxClock } from './api/clock'
import { createProviderTokenVerifier } from './api/provider-tokens'
import { type PlatformMode, PlatformModeSchema } from './control-wire'
import { findAccountById, findAccountByUsername } from './idp/accounts'
import { createIdentityProvider } from './idp/provider'
import { listenOnLoopback } from './net'
import { passwordMatches } from './resources/passwords'

export interface SandboxOptions {
  /** Default 4010; 0 picks a free port. */
  apiPort?: number
  /** Default 4011; 0 picks a free port. */
  idpPort?: number
  /**
   * The identity provider's address as browsers reach it (its issuer) when a TLS proxy stands in front
   * of it, as in production: the browser suite's nginx, e.g. https://localhost:41235. WebKit refuses
   * an https page's calls to a plain-http provider (mixed content, loopback included). Default: the
   * provider's own http://localhost:<idpPort>.
   */
  idpPublicUrl?: string
  /** Portal origins allowed as redirect targets and CORS origins, on top of the defaults. */
  portalOrigins?: string[]
  /**
   * An https origin that reaches this sandbox's API (the browser suite's nginx, by another host name
   * than the portal's): merchant logos are then addressed there and load. Without it they name
   * example hosts that do not resolve, and previews show the merchant's name.
   */
  logoOrigin?: string
  quiet?: boolean
  /** How the platform answers (default: SANDBOX_PLATFORM, else 'current'); the control API can switch it. */
  platform?: PlatformMode
}

export interface Sandbox {
  apiUrl: string
  /** The identity provider's issuer: where browsers reach it. */
  idpUrl: string
  /** The identity provider's own plain-http address on loopback, for callers without the proxy's certificate. */
  idpDirectUrl: string
  /** Regenerates all data and clears faults, received logs, recorded requests and flag overrides. */
  reset(): void
  close(): Promise<void>
}

/** Where the portal runs in development (Vite dev), preview and the e2e suite's static server. */
export const DEFAULT_PORTAL_ORIGINS = [
  'http://localhost:5173',
  'http://localhost:4173',
  'http://localhost:3000',
]
export const DEFAULT_API_PORT = 4010
export const DEFAULT_IDP_PORT = 4011

/**
 * SANDBOX_PLATFORM=newer or =spec-minimal starts the sandbox answering as a newer platform or as one
 * that sends only what the spec promises (the route tests run in all three modes).
 */
export function platformFromEnv(): PlatformMode {
  const mode = process.env.SANDBOX_PLATFORM
  return v.is(PlatformModeSchema, mode) ? mode : 'current'
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const quiet = options.quiet ?? false
  const portalOrigins = [...new Set([...DEFAULT_PORTAL_ORIGINS, ...(options.portalOrigins ?? [])])]

  // The issuer must be known before the provider exists, and with port 0 it is known only after
  // listening, so the IdP server starts with a handler that is filled in right after.
  let idpHandler: RequestListener | undefined
  const idpServer = await listenOnLoopback((req, res) => {
    if (idpHandler) idpHandler(req, res)
    else {
      res.statusCode = 503
      res.end()
    }
  }, options.idpPort ?? DEFAULT_IDP_PORT)
  const idpDirectUrl = `http://localhost:${idpServer.port}`
  const idpUrl = options.idpPublicUrl?.replace(/\/$/, '') ?? idpDirectUrl
  try {
    // The API holds the passwords (activation and password changes set them); it is created after the
    // provider, which is asked only once requests arrive.
    let api: Api | undefined
    const clock = new SandboxClock()
    const idp = await createIdentityProvider({
      issuer: idpUrl,
      portalOrigins,
      quiet,
      now: () => clock.now(),
      checkPassword: (username, password) =>
        api !== undefined && passwordMatches(api.store().passwords, username, password),
      accounts: {
        byUsername: (username) => (api ? findAccountByUsername(api.store(), username) : undefined),
        byId: (id) => (api ? findAccountById(api.store(), id) : undefined),
      },
    })
    idpHandler = (req, res) => void idp.handle(req, res)

    api = createApi({
      portalOrigins,
      quiet,
      logoOrigin: options.logoOrigin,
      verifyProviderToken: createProviderTokenVerifier(idpUrl, idpDirectUrl),
      issueProviderToken: (persona, authTime) => idp.issueAccessToken(persona, authTime),
      platform: options.platform ?? platformFromEnv(),
      idp: idp.control,
      clock,
    })
    const apiServer = await listenOnLoopback(
      getRequestListener(api.app.fetch, { overrideGlobalObjects: false }),
      options.apiPort ?? DEFAULT_API_PORT,
    )
    return {
      apiUrl: `http://localhost:${apiServer.port}`,
      idpUrl,
      idpDirectUrl,
      reset: api.reset,
      close: async () => {
        await Promise.all([apiServer.close(), idpServer.close()])
      },
    }
  } catch (error) {
    await idpServer.close()
    throw error
  }
}
