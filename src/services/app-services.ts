import type { I18n } from '@lingui/core'
import type { AlertStore } from '../alerts/alert-store'
import type { ApiClient } from '../api/client'
import type { IdleStatus } from '../auth/idle-timeout'
import type { Session } from '../auth/session'
import type { Config } from '../config/config'
import type { CatalogLoader } from '../i18n/i18n'
import type { LogFn } from '../log/logger'
import type { MerchantChangeGuards } from '../merchant/merchant-change'
import type { TypedStorage } from '../storage/storage'

/** Everything the app talks to, built once at start-up (or per test) and handed to the router. */
export interface AppServices {
  config: Config
  api: ApiClient
  storage: TypedStorage
  log: LogFn
  i18n: I18n
  /** Where the language picker gets a locale's catalog. */
  loadCatalog: CatalogLoader
  session: Session
  alerts: AlertStore
  merchantChanges: MerchantChangeGuards
  /** The idle time-out's state, watched by the keep-alive (src/auth/keep-alive.ts), shown by the shell. */
  idle: IdleStatus
}
