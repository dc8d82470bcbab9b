import { useCallback } from 'react'
import { useServices } from '../services/services-context'
import { languageUnavailableNotice } from './catalog-fallback'
import { activateLocale } from './i18n'
import type { Locale } from './locales'

/**
 * Switches the interface language and remembers the choice for the next visit. A catalog that cannot
 * be loaded leaves the language as it was, says so, and is asked for again when picked again.
 */
export function useChangeLocale(): (locale: Locale) => Promise<void> {
  const { i18n, storage, alerts, log, loadCatalog } = useServices()
  return useCallback(
    async (locale: Locale) => {
      try {
        await activateLocale(i18n, locale, loadCatalog)
      } catch (error) {
        log('warn', `The ${locale} catalog could not be loaded: ${String(error)}`)
        alerts.show(languageUnavailableNotice(i18n, locale))
        return
      }
      storage.set('locale', locale)
    },
    [i18n, storage, alerts, log, loadCatalog],
  )
}
