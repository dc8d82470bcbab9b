import type { QueryClient } from '@tanstack/react-query'
import type { AppServices } from '../services/app-services'
import { afterFirstPaint } from '../shared/after-first-paint'
import { KEY_PREFIX } from '../storage/storage'
import { watchIdleTime } from './idle-timeout'
import { retryDelayMs } from './retry-backoff'

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
  /** Replaces the page with the sign-out callback, which goes on to /login (spec section 4). */
  toSignOutCallback(): void
  /** Runs the current page's guards and loaders again (another tab's token may act for another merchant). */
  reload(): Promise<void>
}

interface KeepAliveDeps {
  navigation: KeepAliveNavigation
  queryClient: QueryClient
  services: Pick<AppServices, 'session' | 'storage' | 'merchantChanges' | 'config' | 'idle'>
  /** Where input is listened for (the idle time-out) and `online`/`visibilitychange` are heard. */
  events?: Window
}

/**
 * Renews the portal token shortly before it expires, sends the user to sign in when the session
 * ends (here, in another tab, or because renewal failed), follows another tab's merchant switch, and
 * watches the idle time-out. A renewal that fails for a passing reason (offline, the provider down or
 * slow) keeps the session and is tried again with a capped back-off, and at once when the browser is
 * back online or the tab is shown again.
 */
export function keepSessionAlive({
  navigation,
  queryClient,
  services,
  events = window,
}: KeepAliveDeps): () => void {
  const { session, storage, merchantChanges, config, idle } = services
  let timer: ReturnType<typeof setTimeout> | undefined

  // A session left without input longer than the time-out (the browser closed and reopened) is ended
  // before anything renews it; one kept from before the last activity was recorded starts counting now.
  if (session.idleExpired()) session.signOutIdle()
  else if (session.storedToken() !== null && storage.get('lastActivity') === undefined) {
    storage.set('lastActivity', Date.now())
  }

  // The delay counts from when the token was received, so it holds whatever the local clock says;
  // the token it was set for goes with it, so that a tab whose timer fires after another tab renewed
  // uses that tab's token instead of renewing again. After a passing failure, the back-off decides.
  function schedule() {
    clearTimeout(timer)
    const seconds = session.secondsUntilRenewal()
    const due = session.storedToken()
    if (seconds === null || due === null) return
    const failures = session.health.failures()
    const delay = failures > 0 ? retryDelayMs(failures - 1) : seconds * 1000
    timer = setTimeout(() => void session.renew(due), delay)
  }

  /**
   * Retries at once when renewals are failing or due (the network is back, the tab is shown). A renewal
   * already under way was sent before: a laptop waking renews at once, a moment before its Wi-Fi is
   * back. When that one fails for a passing reason, the next goes at once rather than after the back-off.
   */
  function retryNow() {
    const seconds = session.secondsUntilRenewal()
    if (seconds === null) return
    const sentBefore = session.renewing()
    if (!sentBefore && session.health.failures() === 0 && seconds > 0) return
    clearTimeout(timer)
    void session.renew().then((renewed) => {
      if (sentBefore && !renewed && session.health.failures() > 0) retryNow()
    })
  }

  function toLogin() {
    clearTimeout(timer)
    queryClient.clear()
    const location = navigation.location()
    if (isPublicPath(location.pathname)) return
    const reason = session.signOutReason()
    if (reason === 'user') {
      // A sign-out passes through the sign-out callback on its way to /login (spec section 4), whether
      // or not the provider's sign-out works or, with fake authentication, happens at all.
      navigation.toSignOutCallback()
      return
    }
    // The session expired, or timed out: /login brings the user back here after signing in again. A
    // time-out also goes through the provider's sign-out (in one tab), whose full page loads lose
    // history state, so the page is remembered in the tab's storage for the sign-out callback too.
    if (reason === 'idle') storage.set('returnTo', location.href)
    navigation.toLogin(location.href)
  }

  const unsubscribe = storage.subscribe('token', (entry) => {
    if (entry === undefined) toLogin()
    else {
      schedule()
      afterFirstPaint(() => session.preloadSignIn())
    }
  })
  const stopExpired = session.onExpired(toLogin)

  // A recovery after failures runs the page's guards and loaders again: one that failed meanwhile
  // (the guard could not renew) gets its page back.
  let failing = session.health.failures() > 0
  const stopHealth = session.health.subscribe(() => {
    const failures = session.health.failures()
    if (failing && failures === 0 && session.current()) void navigation.reload()
    failing = failures > 0
    schedule()
  })

  const idleWatch = watchIdleTime({
    storage,
    timeoutMs: config.get('idleTimeoutMinutes') * 60_000,
    events,
    onChange: (state) => {
      idle.update(state)
      if (state.phase === 'timed-out' && session.storedToken() !== null) session.signOutIdle()
    },
  })
  idle.attach(() => idleWatch.stay())

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
  const onVisible = () => {
    if (document.visibilityState === 'visible') retryNow()
  }
  events.addEventListener('storage', onOtherTab)
  events.addEventListener('online', retryNow)
  document.addEventListener('visibilitychange', onVisible)
  schedule()
  if (session.storedToken() !== null) afterFirstPaint(() => session.preloadSignIn())

  return () => {
    clearTimeout(timer)
    unsubscribe()
    stopExpired()
    stopHealth()
    idleWatch.stop()
    idle.attach(() => undefined)
    events.removeEventListener('storage', onOtherTab)
    events.removeEventListener('online', retryNow)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
