import { msg, plural } from '@lingui/core/macro'
import { describe, expect, it } from 'vitest'
import { activateLocaleOrEnglish } from './catalog-fallback'
import { activateLocale, type CatalogLoader, createI18n, loadBundledCatalog } from './i18n'
import { matchLocale, supportedLocale } from './locales'

// The same message the payment-products page shows, so the catalogs' real translations are used.
const payments = (count: number) =>
  msg`${plural(count, { one: '# payment', other: '# payments' })} every two weeks`

describe('i18n', () => {
  it('loads a catalog on demand and switches language', async () => {
    const i18n = createI18n()
    await activateLocale(i18n, 'en-US')
    expect(i18n._(msg`Sign in`)).toBe('Sign in')
    await activateLocale(i18n, 'fr-CA')
    expect(i18n._(msg`Sign in`)).toBe('Se connecter')
    expect(document.documentElement.lang).toBe('fr-CA')
    await activateLocale(i18n, 'es-US')
    expect(i18n._(msg`Sign in`)).toBe('Iniciar sesión')
  })

  it.each([
    ['en-US', 1, '1 payment every two weeks'],
    ['en-US', 4, '4 payments every two weeks'],
    ['fr-CA', 0, '0 paiement'],
    ['fr-CA', 1, '1 paiement'],
    ['fr-CA', 4, '4 paiements'],
    ['es-US', 1, '1 pago'],
    ['es-US', 4, '4 pagos'],
  ] as const)('applies the plural rules of %s to %i', async (locale, count, expected) => {
    const i18n = createI18n()
    await activateLocale(i18n, locale)
    expect(i18n._(payments(count))).toContain(expected)
  })

  it('gets messages compiled at build time, so the browser needs no message compiler', () => {
    const product = 'the portal'
    // The descriptor the macro wrote, after scripts/lingui-precompile.ts: Lingui's compiled form.
    expect(msg`Open ${product}, then sign in.`.message).toEqual(['Open ', ['product'], ', then sign in.'])
  })

  it('matches browser languages to the supported locales', () => {
    expect(matchLocale(['fr-FR', 'en-US'])).toBe('fr-CA')
    expect(matchLocale(['es-MX'])).toBe('es-US')
    expect(matchLocale(['de-DE', 'ja'])).toBe('en-US')
    expect(matchLocale([])).toBe('en-US')
  })

  it('formats in the active locale when it is ours, otherwise in the source locale', () => {
    expect(supportedLocale('fr-CA')).toBe('fr-CA')
    expect(supportedLocale('es-US')).toBe('es-US')
    expect(supportedLocale('fr-FR')).toBe('en-US')
    expect(supportedLocale('')).toBe('en-US')
  })
})

describe('a catalog that fails to load', () => {
  it('leaves the active language as it was, and is asked for again next time', async () => {
    const i18n = createI18n()
    await activateLocale(i18n, 'fr-CA')
    let attempts = 0
    const flaky: CatalogLoader = async (locale) => {
      attempts += 1
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return loadBundledCatalog(locale)
    }
    await expect(activateLocale(i18n, 'es-US', flaky)).rejects.toThrow('Failed to fetch')
    expect(i18n.locale).toBe('fr-CA')
    expect(i18n._(msg`Sign in`)).toBe('Se connecter')
    await activateLocale(i18n, 'es-US', flaky)
    expect(i18n._(msg`Sign in`)).toBe('Iniciar sesión')
    expect(attempts).toBe(2)
  })

  it('falls back to English at start-up and names the language it could not load', async () => {
    const i18n = createI18n()
    const missing = await activateLocaleOrEnglish(i18n, 'fr-CA', async () => {
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    expect(missing).toBe('fr-CA')
    expect(i18n.locale).toBe('en-US')
    expect(document.documentElement.lang).toBe('en-US')
    expect(await activateLocaleOrEnglish(createI18n(), 'es-US', loadBundledCatalog)).toBeNull()
  })
})
