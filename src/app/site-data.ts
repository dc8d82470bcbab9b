/**
 * Thrown at start-up when the browser refuses this site its storage (site data blocked for it, or
 * all cookies blocked): the portal cannot keep a sign-in without it, so start-up says so instead.
 */
export class SiteDataBlockedError extends Error {
  override readonly name = 'SiteDataBlockedError'
}

/** The browser's localStorage and sessionStorage; reading either throws a SecurityError when blocked. */
export function openSiteStorage(scope: Pick<Window, 'localStorage' | 'sessionStorage'> = window): {
  local: Storage
  session: Storage
} {
  try {
    return { local: scope.localStorage, session: scope.sessionStorage }
  } catch (error) {
    throw new SiteDataBlockedError(`Site data is blocked: ${String(error)}`)
  }
}
