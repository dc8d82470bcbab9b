// oidc-provider ships no type declarations; this covers the part of its API the sandbox uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type JWK = Record<string, unknown>

  export interface ClientMetadata {
    client_id: string
    client_name?: string
    application_type?: 'web' | 'native'
    token_endpoint_auth_method?: string
    grant_types?: string[]
    response_types?: string[]
    redirect_uris?: string[]
    post_logout_redirect_uris?: string[]
    scope?: string
    id_token_signed_response_alg?: string
    /** Every ID token carries `auth_time`, asked for with `max_age` or not. */
    require_auth_time?: boolean
  }

  export interface Client {
    clientId: string
    clientAuthMethod: string
    redirectUris: string[]
    grantTypeAllowed(grantType: string): boolean
  }

  export interface AccountClaims {
    sub: string
    [claim: string]: unknown
  }

  export interface Account {
    accountId: string
    claims(use: string, scope: string): AccountClaims | Promise<AccountClaims>
  }

  export interface ResourceServerInfo {
    scope: string
    audience?: string
    accessTokenTTL?: number
    accessTokenFormat?: 'opaque' | 'jwt'
    jwt?: { sign?: { alg?: string } }
  }

  export interface ResourceServer {
    identifier(): string
  }

  export interface KoaContextWithOIDC {
    method: string
    path: string
    body: unknown
    type: string
    status: number
    oidc: {
      route: string
      client?: Client
      params?: Record<string, unknown>
      /** At the token endpoint: the code or refresh token being exchanged (their sign-in time). */
      entities: {
        AuthorizationCode?: { authTime?: number }
        RefreshToken?: { authTime?: number }
        /** The refresh token a rotation replaces, while the new one is issued. */
        RotatedRefreshToken?: { remainingTTL: number }
      }
    }
  }

  export interface Grant {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    addResourceScope(resource: string, scope: string): void
    save(): Promise<string>
  }

  export interface AccessToken {
    save(): Promise<string>
  }

  export interface PromptDetails {
    missingOIDCScope?: string[]
    missingOIDCClaims?: string[]
    missingResourceScopes?: Record<string, string[]>
    [key: string]: unknown
  }

  export interface InteractionDetails {
    uid: string
    prompt: { name: string; reasons: string[]; details: PromptDetails }
    params: Record<string, unknown> & { client_id?: string; scope?: string }
    session?: { accountId: string }
    grantId?: string
    lastSubmission?: unknown
  }

  export interface InteractionResults {
    /** `ts`: when the user signed in (seconds since the epoch), the session's and ID token's `auth_time`; default now. */
    login?: { accountId: string; remember?: boolean; ts?: number }
    consent?: { grantId?: string }
    error?: string
    error_description?: string
  }

  export interface Adapter {
    upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void>
    find(id: string): Promise<Record<string, unknown> | undefined>
    findByUid(uid: string): Promise<Record<string, unknown> | undefined>
    findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined>
    consume(id: string): Promise<void>
    destroy(id: string): Promise<void>
    revokeByGrantId(grantId: string): Promise<void>
  }

  export interface Configuration {
    adapter?: (model: string) => Adapter
    clients?: ClientMetadata[]
    jwks?: { keys: JWK[] }
    cookies?: { keys?: string[] }
    claims?: Record<string, string[]>
    scopes?: string[]
    conformIdTokenClaims?: boolean
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>
    interactions?: {
      url?: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string | Promise<string>
    }
    /** Claims added to every access token; ctx is undefined outside a request. */
    extraTokenClaims?: (
      ctx: KoaContextWithOIDC | undefined,
      token: TokenLike & { grantId?: string },
    ) => Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>
    issueRefreshToken?: (ctx: KoaContextWithOIDC, client: Client, code: unknown) => boolean | Promise<boolean>
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: Client) => boolean }
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error) => void | Promise<void>
    features?: {
      devInteractions?: { enabled: boolean }
      resourceIndicators?: {
        enabled: boolean
        defaultResource?: (
          ctx: KoaContextWithOIDC,
          client: Client,
          oneOf?: string[],
        ) => string | Promise<string>
        useGrantedResource?: (ctx: KoaContextWithOIDC, model: unknown) => boolean | Promise<boolean>
        getResourceServerInfo?: (
          ctx: KoaContextWithOIDC,
          resourceIndicator: string,
          client: Client,
        ) => ResourceServerInfo | Promise<ResourceServerInfo>
      }
      rpInitiatedLogout?: {
        enabled: boolean
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => void | Promise<void>
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => void | Promise<void>
      }
      revocation?: {
        enabled: boolean
        /** Whether `client` may revoke `token` (a token of another client is refused by default). */
        allowedPolicy?: (
          ctx: KoaContextWithOIDC,
          client: Client,
          token: { clientId?: string },
        ) => boolean | Promise<boolean>
      }
      userinfo?: { enabled: boolean }
    }
    ttl?: Record<
      string,
      number | ((ctx: KoaContextWithOIDC | undefined, token: TokenLike, client: Client) => number)
    > & {
      RefreshToken?: (ctx: KoaContextWithOIDC | undefined, token: TokenLike, client: Client) => number
    }
  }

  export interface TokenLike {
    resourceServer?: ResourceServerInfo
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration)
    readonly issuer: string
    proxy: boolean
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    on(event: string, listener: (...args: unknown[]) => void): this
    readonly Client: { find(id: string): Promise<Client | undefined> }
    readonly Grant: new (properties: {
      accountId: string
      clientId: string
    }) => Grant
    readonly ResourceServer: new (
      identifier: string,
      info: ResourceServerInfo,
    ) => ResourceServer
    readonly AccessToken: new (properties: {
      accountId: string
      client: Client
      grantId: string
      gty: string
      scope: string
      resourceServer: ResourceServer
    }) => AccessToken
  }

  export const errors: {
    SessionNotFound: new (...args: unknown[]) => Error
    InvalidTarget: new (description?: string) => Error
    OIDCProviderError: new (...args: unknown[]) => Error & { status: number; error: string }
  }

  export default Provider
}
