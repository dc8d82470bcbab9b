import * as v from 'valibot'

export const LOCALES = ['en-US', 'es-US', 'fr-CA'] as const
export type Locale = (typeof LOCALES)[number]
export const SOURCE_LOCALE: Locale = 'en-US'

// Each language names itself, so a reader finds their own language whatever is active.
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'es-US': 'Español',
  'fr-CA': 'Français (Canada)',
}

export const localeSchema = v.picklist(LOCALES)

export function isLocale(value: unknown): value is Locale {
  return v.is(localeSchema, value)
}

/** Picks the best supported locale for a list of browser preferences (exact tag, then language). */
/** The locale to format in: `value` when it is one of ours, otherwise the source locale. */
export function supportedLocale(value: string): Locale {
  return isLocale(value) ? value : SOURCE_LOCALE
}

export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    if (isLocale(tag)) return tag
    const language = tag.split('-')[0]?.toLowerCase()
    const byLanguage = LOCALES.find((locale) => locale.split('-')[0] === language)
    if (byLanguage) return byLanguage
  }
  return SOURCE_LOCALE
}
