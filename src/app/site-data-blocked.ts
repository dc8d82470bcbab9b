import { msg } from '@lingui/core/macro'
import { activateLocaleOrEnglish } from '../i18n/catalog-fallback'
import { type CatalogLoader, createI18n, loadBundledCatalog } from '../i18n/i18n'
import { matchLocale } from '../i18n/locales'

export interface SiteDataBlockedOptions {
  languages: readonly string[]
  host: string
  reload: () => void
  loadCatalog?: CatalogLoader
}

/**
 * Shown instead of the portal when the browser blocks this site's storage. The portal cannot work
 * without it (the sign-in's PKCE state, the tokens and their hand-over between tabs live there), so
 * rather than a half-working page that loses the session on every load it says what to change.
 * Plain DOM, as the start-up error is: React and the component library are not loaded yet (styled
 * through the CSSOM, as the policy refuses style attributes).
 */
export async function renderSiteDataBlocked(
  root: HTMLElement,
  { languages, host, reload, loadCatalog = loadBundledCatalog }: SiteDataBlockedOptions,
): Promise<void> {
  const i18n = createI18n()
  await activateLocaleOrEnglish(i18n, matchLocale(languages), loadCatalog)

  const main = document.createElement('main')
  main.style.cssText =
    'font-family: system-ui, sans-serif; max-width: 640px; margin: 10vh auto; padding: 0 16px; line-height: 1.5'
  const title = document.createElement('h1')
  title.textContent = i18n._(msg`This site needs cookies and site data`)
  const reason = document.createElement('p')
  reason.textContent = i18n._(
    msg`The Merchant Portal keeps your sign-in in your browser's storage, and your browser is blocking site data for this site.`,
  )
  const fix = document.createElement('p')
  fix.textContent = i18n._(
    msg`Allow cookies and site data for ${host} in your browser's settings, then reload the page.`,
  )
  const button = document.createElement('button')
  button.type = 'button'
  button.textContent = i18n._(msg`Reload`)
  button.style.cssText =
    'font: inherit; padding: 8px 20px; border: 0; border-radius: 4px; background: #1864ab; color: #fff; cursor: pointer'
  button.addEventListener('click', reload)
  main.append(title, reason, fix, button)
  root.replaceChildren(main)
  document.title = title.textContent
}
