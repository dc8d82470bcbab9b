import type { QueryClient } from '@tanstack/react-query'
import type { AppServices } from '../services/app-services'
import { KEY_PREFIX } from '../storage/storage'

const PUBLIC_PREFIXES = ['/login', '/implicit/callback', '/logout/callback', '/activate/', '/password/reset/']

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix))
}

/** What keeping the session alive asks of the app's router (wired in src/app/keep-alive.ts). */
export interface KeepAliveNavigation {
  /** Where the tab is now. */
  location(): { pathname: string; href: string }
  /** Replaces the page with /login, which offers to go back to `returnTo` after signing in. */
  toLogin(returnTo: string): void
  /** Runs the current page's guards and loaders again (another tab's token may act for another merchant). */
  reload(): Promise<void>
}

interface KeepAliveDeps {
  navigation: KeepAliveNavigation
  queryClient: QueryClient
  services: Pick<AppServices, 'session' | 'storage' | 'merchantChanges'>
}

/**
 * Renews the portal token shortly before it expires, sends the user to sign in when the session
 * ends (here, in another tab, or because renewal failed), and follows another tab's merchant switch.
 */
export function keepSessionAlive({ navigation, queryClient, services }: KeepAliveDeps): () => void {
  const { session, storage, merchantChanges } = services
  let timer: ReturnType<typeof setTimeout> | undefined

  // The delay counts from when the token was received, so it holds whatever the local clock says;
  // the token it was set for goes with it, so that a tab whose timer fires after another tab renewed
  // uses that tab's token instead of renewing again.
  function schedule() {
    clearTimeout(timer)
    const seconds = session.secondsUntilRenewal()
    const due = session.storedToken()
    if (seconds === null || due === null) return
    timer = setTimeout(() => void session.renew(due), seconds * 1000)
  }

  function toLogin() {
    clearTimeout(timer)
    queryClient.clear()
    const location = navigation.location()
    if (isPublicPath(location.pathname)) return
    // A time-out goes through the provider's sign-out, whose full page loads lose history state.
    if (session.signOutReason() === 'idle') storage.set('returnTo', location.href)
    navigation.toLogin(location.href)
  }

  const unsubscribe = storage.subscribe('token', (entry) => {
    if (entry === undefined) toLogin()
    else schedule()
  })
  const stopExpired = session.onExpired(toLogin)

  // Only other tabs raise `storage` events: a new token there means a new merchant or a renewal. A new
  // merchant is put to the pages' checks first (spec section 5): when one vetoes, this tab keeps what
  // it shows, unsaved input included, until its next navigation.
  // A vetoed tab's writes are not sent while the token acts for the other merchant (see the API client).
  const followOtherTab = async () => {
    const next = session.current()?.claims.cid
    if (next !== undefined && next !== session.tabMerchant() && !(await merchantChanges.allows(next))) return
    await navigation.reload()
  }
  const onOtherTab = (event: StorageEvent) => {
    if (event.key === `${KEY_PREFIX}token` && event.newValue !== null) void followOtherTab()
  }
  window.addEventListener('storage', onOtherTab)
  schedule()

  return () => {
    clearTimeout(timer)
    unsubscribe()
    stopExpired()
    window.removeEventListener('storage', onOtherTab)
  }
}
