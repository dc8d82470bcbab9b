import { useCallback } from 'react'
import { useServices } from '../services/services-context'
import { activateLocale } from './i18n'
import type { Locale } from './locales'

/** Switches the interface language and remembers the choice for the next visit. */
export function useChangeLocale(): (locale: Locale) => Promise<void> {
  const { i18n, storage } = useServices()
  return useCallback(
    async (locale: Locale) => {
      await activateLocale(i18n, locale)
      storage.set('locale', locale)
    },
    [i18n, storage],
  )
}
