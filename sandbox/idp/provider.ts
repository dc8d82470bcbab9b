import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Account, ClientMetadata, ResourceServerInfo } from 'oidc-provider'
import type { FaultRegistry } from '../api/runtime'
import type { ProviderGrant } from '../control-wire'
import { API_AUDIENCE, PASSWORD, PORTAL_CLIENT_ID } from '../data/ids'
import { findPersonaById, findPersonaByUsername, type Persona } from '../data/personas'
import type { SandboxAccount } from './accounts'
import { ProviderFaults } from './faults'
import { idpKeys, SIGNING_ALG } from './keys'
import { MemoryAdapter, MemoryStorage } from './memory-adapter'
import { renderLoginPage, renderLogoutPage, renderMessagePage } from './pages'

/** The resource indicator the portal's access tokens are bound to; oidc-provider wants an absolute URI. */
export const API_RESOURCE = `urn:${API_AUDIENCE}`
const ACCESS_TOKEN_TTL_SECONDS = 10 * 60
const OIDC_SCOPES = 'openid profile email offline_access'

const API_RESOURCE_SERVER: ResourceServerInfo = {
  scope: OIDC_SCOPES,
  audience: API_AUDIENCE,
  accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
  accessTokenFormat: 'jwt',
  jwt: { sign: { alg: SIGNING_ALG } },
}

export const INCORRECT_CREDENTIALS = 'Incorrect username or password.'

export interface IdentityProviderOptions {
  issuer: string
  portalOrigins: readonly string[]
  quiet: boolean
  /** Whether `password` is the user's current one; without it every persona's password is `sandbox`. */
  checkPassword?(username: string, password: string): boolean
  /** Who can sign in: without it, the personas alone. */
  accounts?: AccountDirectory
}

export interface AccountDirectory {
  byUsername(username: string): SandboxAccount | undefined
  byId(id: string): SandboxAccount | undefined
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

export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask an administrator of your merchant.'

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
  /** Issues an access token exactly as the token endpoint would, for the test-only session shortcut. */
  issueAccessToken(persona: Persona): Promise<string>
}

function portalClient(origins: readonly string[]): ClientMetadata {
  return {
    client_id: PORTAL_CLIENT_ID,
    client_name: 'Merchant Portal',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    scope: OIDC_SCOPES,
    redirect_uris: origins.map((origin) => `${origin}/implicit/callback`),
    post_logout_redirect_uris: origins.flatMap((origin) => [`${origin}/logout/callback`, `${origin}/login`]),
    id_token_signed_response_alg: SIGNING_ALG,
  }
}

function accountFor(persona: Persona): Account {
  return {
    accountId: persona.id,
    claims: () => ({ sub: persona.id, email: persona.username, email_verified: true, name: persona.name }),
  }
}

/**
 * oidc-provider warns on import that it wants Node 22; it works on Node 20 (see TOOLCHAIN.md), so that
 * one known line is kept out of every start-up and test report.
 */
async function loadOidcProvider() {
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('Unsupported runtime')) return
    warn(...args)
  }
  try {
    return await import('oidc-provider')
  } finally {
    console.warn = warn
  }
}

export async function createIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const [{ Provider, errors }, { privateJwk }] = await Promise.all([loadOidcProvider(), idpKeys()])
  const allowedOrigins = new Set(options.portalOrigins)
  const accounts = options.accounts ?? PERSONAS_ONLY

  const storage = new MemoryStorage()
  const provider = new Provider(options.issuer, {
    adapter: (model) => new MemoryAdapter(model, storage),
    clients: [portalClient(options.portalOrigins)],
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: OIDC_SCOPES.split(' '),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // A deactivated account is no account: its refresh grants are refused from then on.
    findAccount: async (_ctx, sub) => {
      const account = accounts.byId(sub)
      return account?.active ? accountFor(account) : undefined
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // The portal is a first-party public client: it gets refresh tokens without having to ask for
    // prompt=consent, and rotation (oidc-provider's default for public clients) keeps them single-use.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        // Without this, a request that also asks for openid would get a userinfo-only opaque token.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== API_RESOURCE) throw new errors.InvalidTarget()
          return API_RESOURCE_SERVER
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html'
          // oidc-provider has verified the hint's signature, issuer and audience when it is set.
          ctx.body = renderLogoutPage(form, hasIdTokenHint(ctx))
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html'
          ctx.body = renderMessagePage('Signed out', 'You have been signed out of the sandbox.')
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html'
      const description = out.error_description ?? out.error ?? 'The request could not be completed.'
      ctx.body = renderMessagePage('Sign-in problem', description)
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 8 * 60 * 60,
      Grant: 8 * 60 * 60,
    },
  })
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
    },
  }

  const callback = provider.callback()

  async function showInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res)
    if (details.prompt.name === 'login') {
      sendHtml(res, 200, renderLoginPage({ uid: details.uid }))
      return
    }
    // First-party client: consent is implied, so grant whatever the portal asked for.
    const accountId = details.session?.accountId
    const clientId = details.params.client_id
    if (details.prompt.name !== 'consent' || !accountId || typeof clientId !== 'string') {
      sendHtml(res, 400, renderMessagePage('Sign-in problem', 'Unexpected sign-in step.'))
      return
    }
    const grant = new provider.Grant({ accountId, clientId })
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '))
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims)
    for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '))
    }
    const grantId = await grant.save()
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
  }

  async function submitLogin(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res)
    const form = new URLSearchParams(await readBody(req))
    const username = form.get('username') ?? ''
    const account = accounts.byUsername(username)
    if (details.prompt.name !== 'login') {
      sendHtml(
        res,
        400,
        renderMessagePage('Sign-in problem', 'This sign-in step has already been completed.'),
      )
      return
    }
    const password = form.get('password') ?? ''
    const checkPassword = options.checkPassword ?? ((_username: string, given: string) => given === PASSWORD)
    if (!account || !checkPassword(account.username, password)) {
      sendHtml(res, 401, renderLoginPage({ uid: details.uid, username, error: INCORRECT_CREDENTIALS }))
      return
    }
    if (!account.active) {
      sendHtml(res, 403, renderLoginPage({ uid: details.uid, username, error: ACCOUNT_DEACTIVATED }))
      return
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.id } },
      { mergeWithLastSubmission: false },
    )
  }

  async function handleInteraction(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<boolean> {
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(path)
    if (!match) return false
    res.setHeader('Cache-Control', 'no-store')
    try {
      if (req.method === 'GET' && !match[2]) await showInteraction(req, res)
      else if (req.method === 'POST' && match[2]) await submitLogin(req, res)
      else sendHtml(res, 405, renderMessagePage('Sign-in problem', 'Method not allowed.'))
    } catch (error) {
      if (error instanceof errors.SessionNotFound) {
        sendHtml(
          res,
          400,
          renderMessagePage(
            'Sign-in expired',
            'This sign-in attempt has expired. Go back to the portal and start again.',
          ),
        )
        return true
      }
      if (!options.quiet) console.error('[idp] interaction failed', error)
      if (!res.headersSent) sendHtml(res, 500, renderMessagePage('Sign-in problem', 'Something went wrong.'))
    }
    return true
  }

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
    async issueAccessToken(persona) {
      const client = await provider.Client.find(PORTAL_CLIENT_ID)
      if (!client) throw new Error(`client ${PORTAL_CLIENT_ID} is not configured`)
      const grant = new provider.Grant({ accountId: persona.id, clientId: PORTAL_CLIENT_ID })
      grant.addOIDCScope(OIDC_SCOPES)
      grant.addResourceScope(API_RESOURCE, OIDC_SCOPES)
      const grantId = await grant.save()
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

function field(record: object, name: string): string | undefined {
  const value: unknown = Reflect.get(record, name)
  return typeof value === 'string' ? value : undefined
}

function member(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined
}

/** Whether the end-session request carried an id_token_hint that oidc-provider verified. */
function hasIdTokenHint(ctx: unknown): boolean {
  return member(member(member(ctx, 'oidc'), 'entities'), 'IdTokenHint') !== undefined
}

/** The grant_type of a token-endpoint request, from the context oidc-provider passes its events. */
function grantTypeOf(ctx: unknown): string {
  const grantType = member(member(member(ctx, 'oidc'), 'params'), 'grant_type')
  return typeof grantType === 'string' ? grantType : 'unknown'
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.end(html)
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}
