import { ZERO_MERCHANT_ID } from '../../contract/auth'
import { AlertStore } from '../alerts/alert-store'
import { createApiClient } from '../api/client'
import { activityClock, IdleStatus } from '../auth/idle-timeout'
import {
  lazyUserManager,
  readProviderTokens,
  removeProviderState,
  SIGN_OUT_CALLBACK_PATH,
} from '../auth/oidc'
import { decodePortalToken } from '../auth/portal-token'
import { endProviderSession, revokeRefreshToken, submitDocumentForm } from '../auth/provider-sign-out'
import { type CrossTabLock, createRenewalLock } from '../auth/renewal-lock'
import { Session } from '../auth/session'
import type { PortalTokenSlot, SignOutMarkerSlot, TokenSlot } from '../auth/session-deps'
import { signInFailed } from '../auth/sign-in-failure'
import { type Config, fakeAuthEnabled } from '../config/config'
import { activateLocaleOrEnglish, shownInEnglishNotice } from '../i18n/catalog-fallback'
import { type CatalogLoader, createI18n, loadBundledCatalog } from '../i18n/i18n'
import { matchLocale } from '../i18n/locales'
import { initLogger, log } from '../log/logger'
import { MerchantChangeGuards } from '../merchant/merchant-change'
import type { AppServices } from '../services/app-services'
import { createStorage, type StorageBackends, type TypedStorage } from '../storage/storage'
import { openSiteStorage } from './site-data'

/**
 * A tab waits for another tab's renewal at most the identity time-out plus this: the holder's own
 * provider call is bounded by the time-out, so a longer wait means that tab is stuck, not slow.
 */
const LOCK_WAIT_MARGIN_MS = 2_000

function portalTokenSlot(storage: TypedStorage): PortalTokenSlot {
  return {
    read: () => storage.get('token') ?? null,
    write: (token) => storage.set('token', { token, storedAt: Date.now() }),
    clear: () => storage.remove('token'),
    subscribe: (listener) => storage.subscribe('token', () => listener()),
  }
}

function adminTokenSlot(storage: TypedStorage): TokenSlot {
  return {
    read: () => storage.get('adminToken') ?? null,
    write: (token) => storage.set('adminToken', token),
    clear: () => storage.remove('adminToken'),
  }
}

function signOutMarkerSlot(storage: TypedStorage): SignOutMarkerSlot {
  return {
    read: () => storage.get('signedOut') ?? null,
    write: (reason) => storage.set('signedOut', { at: Date.now(), reason }),
    clear: () => storage.remove('signedOut'),
  }
}

export interface ServiceOverrides {
  backends?: StorageBackends
  fetchImpl?: typeof fetch
  submitForm?: (action: string, fields: Readonly<Record<string, string>>) => void
  languages?: readonly string[]
  /** Where locale catalogs come from, for tests of a catalog that fails to load. */
  loadCatalog?: CatalogLoader
  /** The cross-tab lock, for tests whose tabs share one (happy-dom has no Web Locks). */
  lock?: CrossTabLock
}

/** Builds the app's services from its configuration; tests pass a sandbox's URLs and their own storage. */
export async function createAppServices(
  config: Config,
  origin: string,
  overrides: ServiceOverrides = {},
): Promise<AppServices> {
  initLogger(config.get('apiurl'), {
    fetchImpl: overrides.fetchImpl,
    perMinute: config.get('logEntriesPerMinute'),
  })
  const browserStorage = openSiteStorage()
  const storage = createStorage(overrides.backends ?? browserStorage, log)

  const i18n = createI18n()
  const loadCatalog = overrides.loadCatalog ?? loadBundledCatalog
  const locale = storage.get('locale') ?? matchLocale(overrides.languages ?? navigator.languages)
  // The stored choice is kept: the next page load asks for its catalog again.
  const missingLocale = await activateLocaleOrEnglish(i18n, locale, loadCatalog)

  const alerts = new AlertStore({
    load: () => {
      const stored = storage.get('alerts')?.[0]
      return stored ? { ...stored, duration: stored.duration ?? 0 } : null
    },
    save: (alert) => (alert ? storage.set('alerts', [alert]) : storage.remove('alerts')),
  })

  if (missingLocale) {
    log('warn', `The ${missingLocale} catalog could not be loaded; showing English`)
    alerts.show(shownInEnglishNotice(i18n, missingLocale))
  }

  // The session and the client need each other: the client asks the session to renew on a 401.
  let session: Session | null = null
  const api = createApiClient({
    baseURL: config.get('apiurl'),
    timeoutMs: config.get('timeoutMs'),
    getToken: () => session?.current()?.token ?? null,
    onUnauthorized: (_error, sentToken) => session?.renew(sentToken) ?? Promise.resolve(false),
    merchants: {
      tab: () => session?.tabMerchant() ?? null,
      of: (token) => {
        const cid = decodePortalToken(token)?.cid
        return cid === undefined || cid === ZERO_MERCHANT_ID ? null : cid
      },
    },
    log,
  })
  const local = browserStorage.local
  const signOutDeps = {
    issuer: config.get('issuer'),
    clientId: config.get('clientId'),
    postLogoutRedirectUri: `${origin}${SIGN_OUT_CALLBACK_PATH}`,
    fetchImpl: overrides.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
    timeoutMs: config.get('identityTimeoutMs'),
    submitForm: overrides.submitForm ?? submitDocumentForm,
  }
  session = new Session({
    userManager: lazyUserManager({
      issuer: config.get('issuer'),
      clientId: config.get('clientId'),
      origin,
      offlineAccess: config.get('offlineAccess'),
      identityTimeoutMs: config.get('identityTimeoutMs'),
    }),
    api,
    appID: config.get('appID'),
    origin,
    portalToken: portalTokenSlot(storage),
    adminToken: adminTokenSlot(storage),
    providerTokens: {
      read: () => readProviderTokens(local, config.get('issuer'), config.get('clientId')),
      clear: () => removeProviderState(local),
    },
    signedOut: signOutMarkerSlot(storage),
    lock:
      overrides.lock ??
      createRenewalLock(overrides.backends?.local ?? local, {
        waitMs: config.get('identityTimeoutMs') + LOCK_WAIT_MARGIN_MS,
      }),
    fakeAuth: fakeAuthEnabled(config),
    activity: activityClock(storage, config.get('idleTimeoutMinutes') * 60_000),
    forgetSession: () => storage.clearSession(),
    endProviderSession: (tokens) => endProviderSession(signOutDeps, tokens),
    revokeRefreshToken: (refreshToken) => revokeRefreshToken(signOutDeps, refreshToken),
    whenOnline: (task) => window.addEventListener('online', task, { once: true }),
    reportFailure: (message) => signInFailed(alerts, i18n, message),
    log,
  })

  return {
    config,
    api,
    storage,
    log,
    i18n,
    loadCatalog,
    session,
    alerts,
    merchantChanges: new MerchantChangeGuards(),
    idle: new IdleStatus(),
  }
}
