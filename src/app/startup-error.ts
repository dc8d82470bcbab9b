import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ConfigError, type ConfigIssue } from '../config/config'
import { activateLocaleOrEnglish } from '../i18n/catalog-fallback'
import { type CatalogLoader, createI18n, loadBundledCatalog } from '../i18n/i18n'
import { matchLocale, SOURCE_LOCALE } from '../i18n/locales'

export interface StartupErrorOptions {
  languages: readonly string[]
  loadCatalog?: CatalogLoader
}

const CONFIG_FILE = '/config.json'

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  style?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  // Through the CSSOM: the policy refuses a style attribute (no 'unsafe-inline'), not a script's own styling.
  if (style !== undefined) node.style.cssText = style
  return node
}

/** Text for whoever deploys the portal, kept in English whatever the page's language, and marked so. */
function english(text: string): HTMLElement {
  const node = element('code', text, 'white-space: pre-wrap')
  node.lang = SOURCE_LOCALE
  return node
}

function summary(i18n: I18n, error: unknown): string {
  if (!(error instanceof ConfigError)) return i18n._(msg`Something went wrong while it was starting.`)
  const file = CONFIG_FILE
  switch (error.failure) {
    case 'missing':
      return i18n._(msg`Its configuration file, ${file}, is missing.`)
    case 'unreachable':
      return i18n._(msg`Its configuration file, ${file}, could not be loaded.`)
    case 'not-json':
      return i18n._(msg`Its configuration file, ${file}, is not valid JSON.`)
    case 'invalid':
      return i18n._(msg`Its configuration file, ${file}, has values it cannot use:`)
  }
}

function issueItem(i18n: I18n, issue: ConfigIssue): HTMLLIElement {
  const item = element('li')
  const key = issue.key ?? CONFIG_FILE
  const what = issue.missing ? i18n._(msg`${key} is missing`) : i18n._(msg`${key} is not valid`)
  item.append(element('strong', what))
  if (issue.detail !== null) item.append(': ', english(issue.detail))
  return item
}

/**
 * Shown when the app cannot start, above all without a valid /config.json: it says what is wrong,
 * key by key, and nothing else runs. Plain DOM, as the site-data page is: React and the component
 * library are not loaded yet. The sentences are in the browser's language when its catalog loads;
 * the details, which name keys and values for whoever edits the file, stay in English.
 */
export async function renderStartupError(
  root: HTMLElement,
  error: unknown,
  { languages, loadCatalog = loadBundledCatalog }: StartupErrorOptions,
): Promise<void> {
  const i18n = createI18n()
  await activateLocaleOrEnglish(i18n, matchLocale(languages), loadCatalog)

  const main = element(
    'main',
    undefined,
    'font-family: system-ui, sans-serif; max-width: 640px; margin: 10vh auto; padding: 0 16px; line-height: 1.5',
  )
  const title = element('h1', i18n._(msg`The Merchant Portal could not start`))
  main.append(title, element('p', summary(i18n, error)))
  if (error instanceof ConfigError && error.issues.length > 0) {
    const list = element('ul')
    list.append(...error.issues.map((issue) => issueItem(i18n, issue)))
    main.append(list)
  } else {
    const detail = element('p')
    detail.append(english(error instanceof Error ? error.message : String(error)))
    main.append(detail)
  }
  main.append(
    element(
      'p',
      i18n._(
        msg`Nothing in your browser can fix this: the team that runs this site needs to. Please try again later.`,
      ),
    ),
  )
  root.replaceChildren(main)
  document.title = title.textContent
}
