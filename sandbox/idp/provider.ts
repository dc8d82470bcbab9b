import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FaultRegistry } from '../api/runtime'
import type { ProviderGrant } from '../control-wire'
import { PORTAL_CLIENT_ID } from '../data/ids'
import { findPersonaById, findPersonaByUsername, type Persona } from '../data/personas'
import { ProviderFaults } from './faults'
import { interactionHandler } from './interactions'
import { idpKeys } from './keys'
import { MemoryStorage } from './memory-adapter'
import { field, grantTypeOf, readBody, sendHtml } from './node-io'
import { renderMessagePage } from './pages'
import {
  type AccountDirectory,
  API_RESOURCE,
  API_RESOURCE_SERVER,
  loadOidcProvider,
  OIDC_SCOPES,
  providerConfiguration,
} from './provider-config'

/*
 * The sandbox's OpenID Connect provider (oidc-provider, set up in provider-config.ts, with the sign-in
 * interaction of interactions.ts), and what the control API sees of it and changes in it: the token
 * endpoint's answers, faults, and a sign-out that fails on demand.
 */

export interface IdentityProviderOptions {
  issuer: string
  portalOrigins: readonly string[]
  quiet: boolean
  /** Whether `password` is the user's current one; without it every persona's password is `sandbox`. */
  checkPassword?(username: string, password: string): boolean
  /** Who can sign in: without it, the personas alone. */
  accounts?: AccountDirectory
  /**
   * The platform's clock (ms since the epoch), which stamps a sign-in's time (`auth_time`): the platform
   * judges a sign-in's age by its own clock, which tests move forward. Default: the real clock.
   */
  now?(): number
}

const PERSONAS_ONLY: AccountDirectory = {
  byUsername: (username) => {
    const persona = findPersonaByUsername(username)
    return persona && { ...persona, active: true }
  },
  byId: (id) => {
    const persona = findPersonaById(id)
    return persona && { ...persona, active: true }
  },
}

/** What tests see of and change in the identity provider, through the control API. */
export interface IdentityProviderControl {
  /** Every answer of the token endpoint since the last reset, oldest first. */
  grants(): ProviderGrant[]
  clearGrants(): void
  /** While true, the revocation and end-session endpoints answer 500, as a provider in trouble would. */
  failSignOut(fail: boolean): void
  /** Faults for the provider's endpoints, by `/idp/…` path (`/idp/token`); see ./faults.ts. */
  faults: FaultRegistry
  reset(): void
}

export interface IdentityProvider {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>
  control: IdentityProviderControl
  /**
   * Issues an access token exactly as the token endpoint would, for the test-only session shortcut,
   * as if the user had signed in at `authTime` (seconds since the epoch).
   */
  issueAccessToken(persona: Persona, authTime: number): Promise<string>
}

export async function createIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const [{ Provider, errors }, { privateJwk }] = await Promise.all([loadOidcProvider(), idpKeys()])
  const allowedOrigins = new Set(options.portalOrigins)
  const accounts = options.accounts ?? PERSONAS_ONLY
  const shortcutAuthTimes = new Map<string, number>()

  const provider = new Provider(
    options.issuer,
    providerConfiguration({
      portalOrigins: options.portalOrigins,
      accounts,
      privateJwk,
      storage: new MemoryStorage(),
      InvalidTarget: errors.InvalidTarget,
      shortcutAuthTimes,
    }),
  )
  // Behind a TLS proxy (the browser suite's nginx) the provider builds its https URLs and secure cookies
  // from X-Forwarded-Proto and -Host; the sandbox listens on loopback only, so every caller is trusted.
  provider.proxy = true

  if (!options.quiet) {
    provider.on('server_error', (_ctx, error) => console.error('[idp] server error', error))
  }

  const grants: ProviderGrant[] = []
  let signOutFails = false
  const faults = new ProviderFaults(allowedOrigins)
  provider.on('grant.success', (ctx: unknown) => {
    grants.push({ grantType: grantTypeOf(ctx), outcome: 'success', at: new Date().toISOString() })
  })
  provider.on('grant.error', (ctx: unknown, error: unknown) => {
    const code = typeof error === 'object' && error !== null ? field(error, 'error') : undefined
    grants.push({ grantType: grantTypeOf(ctx), outcome: 'error', error: code, at: new Date().toISOString() })
  })
  const control: IdentityProviderControl = {
    grants: () => [...grants],
    clearGrants: () => {
      grants.length = 0
    },
    failSignOut: (fail) => {
      signOutFails = fail
    },
    faults: faults.registry,
    reset: () => {
      grants.length = 0
      signOutFails = false
      faults.registry.clear()
      shortcutAuthTimes.clear()
    },
  }

  const callback = provider.callback()
  const handleInteraction = interactionHandler(provider, {
    accounts,
    quiet: options.quiet,
    checkPassword: options.checkPassword,
    SessionNotFound: errors.SessionNotFound,
    now: options.now ?? Date.now,
  })

  /**
   * RP-Initiated Logout 1.0 has providers take the end-session request by POST as well as GET, and the
   * portal posts it so that the ID token it sends as id_token_hint never sits in a URL. oidc-provider
   * takes POST only with SameSite=None cookies, which plain-http loopback cannot have, so the sandbox
   * hands the posted form to its GET route in-process (the browser's URL stays bare).
   */
  async function endSessionByPost(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req))
    req.method = 'GET'
    req.url = `/session/end?${form}`
    delete req.headers['content-type']
    delete req.headers['content-length']
    callback(req, res)
  }

  return {
    control,
    async handle(req, res) {
      const path = new URL(req.url ?? '/', options.issuer).pathname
      if (await faults.apply(req, res, path)) return
      if (signOutFails && (path.startsWith('/session/end') || path === '/token/revocation')) {
        sendHtml(res, 500, renderMessagePage('Sign-out problem', 'The sandbox was told to fail sign-out.'))
        return
      }
      if (path.startsWith('/interaction/')) {
        void handleInteraction(req, res, path)
        return
      }
      if (req.method === 'POST' && path === '/session/end') {
        void endSessionByPost(req, res)
        return
      }
      callback(req, res)
    },
    async issueAccessToken(persona, authTime) {
      const client = await provider.Client.find(PORTAL_CLIENT_ID)
      if (!client) throw new Error(`client ${PORTAL_CLIENT_ID} is not configured`)
      const grant = new provider.Grant({ accountId: persona.id, clientId: PORTAL_CLIENT_ID })
      grant.addOIDCScope(OIDC_SCOPES)
      grant.addResourceScope(API_RESOURCE, OIDC_SCOPES)
      const grantId = await grant.save()
      shortcutAuthTimes.set(grantId, authTime)
      const token = new provider.AccessToken({
        accountId: persona.id,
        client,
        grantId,
        gty: 'authorization_code',
        scope: OIDC_SCOPES,
        resourceServer: new provider.ResourceServer(API_RESOURCE, API_RESOURCE_SERVER),
      })
      return token.save()
    },
  }
}
