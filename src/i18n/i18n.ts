import { type I18n, type Messages, setupI18n } from '@lingui/core'
import type { Locale } from './locales'

// The build keeps each message's English text next to its id, already compiled (see
// scripts/lingui-precompile.ts), so English needs no catalog and the browser no message compiler.
// The other languages load their compiled catalog.
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'en-US': async () => ({ messages: {} }),
  'es-US': () => import('../locales/es-US/messages.po'),
  'fr-CA': () => import('../locales/fr-CA/messages.po'),
}

/** Fetches a locale's compiled catalog; tests pass one that fails. */
export type CatalogLoader = (locale: Locale) => Promise<{ messages: Messages }>

/**
 * The catalogs bundled with the build, each fetched as its own chunk. Every call imports afresh, so
 * a chunk that failed to load (offline, or gone after a deploy) is asked for again next time.
 */
export const loadBundledCatalog: CatalogLoader = (locale) => catalogs[locale]()

export function createI18n(): I18n {
  return setupI18n()
}

/**
 * Loads a locale's catalog on demand, so only the active language is downloaded. When the catalog
 * cannot be loaded it rejects and leaves the active language as it was.
 */
export async function activateLocale(
  i18n: I18n,
  locale: Locale,
  load: CatalogLoader = loadBundledCatalog,
): Promise<void> {
  if (i18n.locale !== locale) {
    const { messages } = await load(locale)
    i18n.loadAndActivate({ locale, messages })
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}
