import type { UserManager } from 'oidc-client-ts'

export interface OidcSettings {
  issuer: string
  clientId: string
  /** The portal's own origin: the callbacks are registered with the identity provider for it. */
  origin: string
  /** Asks for `offline_access`, which some providers (Okta) want before they issue a refresh token. */
  offlineAccess: boolean
  /** How long each request to the identity provider may take before it fails with ErrorTimeout. */
  identityTimeoutMs: number
}

export const SIGN_IN_CALLBACK_PATH = '/implicit/callback'
export const SIGN_OUT_CALLBACK_PATH = '/logout/callback'

const USER_PREFIX = 'mp:oidc.'
const STATE_PREFIX = 'mp:oidc-state.'

/** The part of Web Storage that listing and removing the provider's keys needs. */
export type KeyedStorage = Pick<Storage, 'getItem' | 'removeItem' | 'key' | 'length'>

/** What sign-out needs of the provider's session, read straight from storage without the library. */
export interface StoredProviderTokens {
  refreshToken: string | null
  idToken: string | null
}

function stringField(record: object, name: string): string | null {
  const value: unknown = Reflect.get(record, name)
  return typeof value === 'string' && value.length > 0 ? value : null
}

/** The refresh and ID tokens oidc-client-ts keeps for this issuer and client, if any. */
export function readProviderTokens(
  store: KeyedStorage,
  issuer: string,
  clientId: string,
): StoredProviderTokens | null {
  let raw: string | null
  try {
    raw = store.getItem(`${USER_PREFIX}user:${issuer}:${clientId}`)
  } catch {
    return null
  }
  if (raw === null) return null
  try {
    const user: unknown = JSON.parse(raw)
    if (typeof user !== 'object' || user === null) return null
    return { refreshToken: stringField(user, 'refresh_token'), idToken: stringField(user, 'id_token') }
  } catch {
    return null
  }
}

/** Removes every key oidc-client-ts wrote: the provider's tokens and unfinished sign-in states. */
export function removeProviderState(store: KeyedStorage): void {
  const keys: string[] = []
  try {
    for (let index = 0; index < store.length; index++) {
      const key = store.key(index)
      if (key?.startsWith(USER_PREFIX) || key?.startsWith(STATE_PREFIX)) keys.push(key)
    }
    for (const key of keys) store.removeItem(key)
  } catch {
    // Storage the browser refuses to list holds nothing this tab wrote.
  }
}

/**
 * Authorization code + PKCE (oidc-client-ts always uses S256). The provider's tokens are kept in
 * localStorage, shared by the user's tabs, so that a renewal in one tab serves them all. The library
 * loads on first use: most page loads never talk to the identity provider.
 */
export async function createUserManager({
  issuer,
  clientId,
  origin,
  offlineAccess,
  identityTimeoutMs,
}: OidcSettings): Promise<UserManager> {
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts')
  return new UserManager({
    authority: issuer,
    client_id: clientId,
    redirect_uri: `${origin}${SIGN_IN_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}${SIGN_OUT_CALLBACK_PATH}`,
    response_type: 'code',
    scope: offlineAccess ? 'openid profile email offline_access' : 'openid profile email',
    userStore: new WebStorageStateStore({ store: window.localStorage, prefix: USER_PREFIX }),
    stateStore: new WebStorageStateStore({ store: window.localStorage, prefix: STATE_PREFIX }),
    automaticSilentRenew: false,
    monitorSession: false,
    loadUserInfo: false,
    revokeTokensOnSignout: false,
    // Bounds discovery, the code exchange, revocation and the signing keys. In 3.5.0 signinSilent()
    // bounds its refresh-token request only when asked as
    // `signinSilent({ silentRequestTimeoutInSeconds: userManager.settings.silentRequestTimeoutInSeconds })`:
    // without the argument it spreads an undefined over this default and the request has no limit.
    requestTimeoutInSeconds: identityTimeoutMs / 1_000,
    silentRequestTimeoutInSeconds: identityTimeoutMs / 1_000,
  })
}

/**
 * One UserManager per app, created on first use. A failed load of the library's code (offline, or a
 * deploy that replaced the chunk) is not kept: the next use loads it again.
 */
export function lazyUserManager(
  settings: OidcSettings,
  create: (settings: OidcSettings) => Promise<UserManager> = createUserManager,
): () => Promise<UserManager> {
  let manager: Promise<UserManager> | null = null
  return () => {
    if (manager) return manager
    const loading = create(settings)
    manager = loading
    loading.catch(() => {
      if (manager === loading) manager = null
    })
    return loading
  }
}
