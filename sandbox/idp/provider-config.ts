import { randomBytes } from 'node:crypto'
import type {
  Account,
  ClientMetadata,
  Configuration,
  errors,
  KoaContextWithOIDC,
  ResourceServerInfo,
} from 'oidc-provider'
import { API_AUDIENCE, PORTAL_CLIENT_ID } from '../data/ids'
import type { Persona } from '../data/personas'
import type { SandboxAccount } from './accounts'
import { type IdpKeys, SIGNING_ALG } from './keys'
import { MemoryAdapter, type MemoryStorage } from './memory-adapter'
import { hasIdTokenHint } from './node-io'
import { renderLogoutPage, renderMessagePage } from './pages'

/*
 * How oidc-provider is set up for the portal: one first-party public client with PKCE and rotating
 * refresh tokens, access tokens bound to the platform API as JWTs, our own sign-in, sign-out and
 * error pages, and the lifetimes of each artefact.
 */

/** The resource indicator the portal's access tokens are bound to; oidc-provider wants an absolute URI. */
export const API_RESOURCE = `urn:${API_AUDIENCE}`
const ACCESS_TOKEN_TTL_SECONDS = 10 * 60
export const OIDC_SCOPES = 'openid profile email offline_access'

export const API_RESOURCE_SERVER: ResourceServerInfo = {
  scope: OIDC_SCOPES,
  audience: API_AUDIENCE,
  accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
  accessTokenFormat: 'jwt',
  jwt: { sign: { alg: SIGNING_ALG } },
}

export interface AccountDirectory {
  byUsername(username: string): SandboxAccount | undefined
  byId(id: string): SandboxAccount | undefined
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
    // The portal checks a fresh sign-in (step-up) by the ID token's auth_time.
    require_auth_time: true,
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
export async function loadOidcProvider() {
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

interface ConfigurationInput {
  portalOrigins: readonly string[]
  accounts: AccountDirectory
  privateJwk: IdpKeys['privateJwk']
  storage: MemoryStorage
  /** oidc-provider's own error for a resource indicator it does not serve. */
  InvalidTarget: typeof errors.InvalidTarget
  /** Sign-in times (seconds) of grants the test-only session shortcut made, by grant id. */
  shortcutAuthTimes: ReadonlyMap<string, number>
}

/**
 * When the user signed in, as the access token says it (`auth_time`, seconds): the authorization
 * code's or the refresh token's sign-in time (a refresh keeps the first sign-in's), so the platform
 * can ask for a fresh sign-in before a dangerous action.
 */
function authTimeOf(
  ctx: KoaContextWithOIDC | undefined,
  grantId: string | undefined,
  shortcut: ReadonlyMap<string, number>,
): number | undefined {
  const source = ctx?.oidc.entities.AuthorizationCode ?? ctx?.oidc.entities.RefreshToken
  const authTime = source?.authTime
  if (typeof authTime === 'number') return authTime
  return grantId === undefined ? undefined : shortcut.get(grantId)
}

export function providerConfiguration(input: ConfigurationInput): Configuration {
  const { accounts, storage, InvalidTarget } = input
  const allowedOrigins = new Set(input.portalOrigins)
  return {
    adapter: (model) => new MemoryAdapter(model, storage),
    clients: [portalClient(input.portalOrigins)],
    jwks: { keys: [input.privateJwk] },
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
    // The API's access tokens say when the user signed in; the token exchange carries it on.
    extraTokenClaims: (ctx, token) => {
      const authTime = authTimeOf(ctx, token.grantId, input.shortcutAuthTimes)
      return authTime === undefined ? undefined : { auth_time: authTime }
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    features: {
      devInteractions: { enabled: false },
      // The portal revokes its own tokens only (oidc-provider's default, written out: it warns otherwise).
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        // Without this, a request that also asks for openid would get a userinfo-only opaque token.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== API_RESOURCE) throw new InvalidTarget()
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
      // 14 days, and a rotated refresh token keeps what was left of the one it replaces: oidc-provider's
      // default for a browser client, written out (its notice, printed on the first renewal, could land
      // after a test file had closed its worker: Vitest's "Closing rpc while onUserConsoleLog was pending").
      RefreshToken: (ctx) => ctx?.oidc.entities.RotatedRefreshToken?.remainingTTL ?? 14 * 24 * 60 * 60,
    },
  }
}
