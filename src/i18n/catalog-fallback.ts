import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AlertInput } from '../alerts/alert-store'
import { activateLocale, type CatalogLoader } from './i18n'
import { LOCALE_NAMES, type Locale, SOURCE_LOCALE } from './locales'

/**
 * Activates `locale` at start-up, or English when its catalog cannot be loaded (offline, or a chunk
 * removed by a deploy): a page in English beats no page. Resolves to the locale that could not be
 * loaded, or null.
 */
export async function activateLocaleOrEnglish(
  i18n: I18n,
  locale: Locale,
  load: CatalogLoader,
): Promise<Locale | null> {
  try {
    await activateLocale(i18n, locale, load)
    return null
  } catch {
    // English is compiled into the code (see i18n.ts): it needs no catalog, so it cannot fail.
    await activateLocale(i18n, SOURCE_LOCALE)
    return locale
  }
}

/** The notice that a language could not be loaded at start-up and the portal is in English. */
export function shownInEnglishNotice(i18n: I18n, missing: Locale): AlertInput {
  const language = LOCALE_NAMES[missing]
  return {
    status: 'INFO',
    message: i18n._(msg`The ${language} translation could not be loaded, so the portal is shown in English.`),
    // It explains why the whole portal is in another language: it stays until it is closed.
    duration: 0,
  }
}

/** The notice that a language picked from the language picker could not be loaded. */
export function languageUnavailableNotice(i18n: I18n, missing: Locale): AlertInput {
  const language = LOCALE_NAMES[missing]
  return {
    status: 'ERROR',
    message: i18n._(
      msg`The ${language} translation could not be loaded. Check your connection and pick it again.`,
    ),
  }
}
