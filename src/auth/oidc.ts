import type { UserManager } from 'oidc-client-ts'

export interface OidcSettings {
  issuer: string
  clientId: string
  /** The portal's own origin: the callbacks are registered with the identity provider for it. */
  origin: string
}

export const SIGN_IN_CALLBACK_PATH = '/implicit/callback'
export const SIGN_OUT_CALLBACK_PATH = '/logout/callback'

/**
 * Authorization code + PKCE (oidc-client-ts always uses S256). The provider's tokens are kept in
 * localStorage, shared by the user's tabs, so that a renewal in one tab serves them all. The library
 * loads on first use: most page loads never talk to the identity provider.
 */
export async function createUserManager({ issuer, clientId, origin }: OidcSettings): Promise<UserManager> {
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts')
  return new UserManager({
    authority: issuer,
    client_id: clientId,
    redirect_uri: `${origin}${SIGN_IN_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}${SIGN_OUT_CALLBACK_PATH}`,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    userStore: new WebStorageStateStore({ store: window.localStorage, prefix: 'mp:oidc.' }),
    stateStore: new WebStorageStateStore({ store: window.localStorage, prefix: 'mp:oidc-state.' }),
    automaticSilentRenew: false,
    monitorSession: false,
    loadUserInfo: false,
    revokeTokensOnSignout: false,
  })
}

/** One UserManager per app, created on first use. */
export function lazyUserManager(settings: OidcSettings): () => Promise<UserManager> {
  let manager: Promise<UserManager> | null = null
  return () => {
    manager ??= createUserManager(settings)
    return manager
  }
}
