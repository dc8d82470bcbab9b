import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { inject } from 'vitest'
import { apiLogger } from './api-log'
import { desktop, launchChromium, type Viewport } from './chromium'
import { watchContext } from './failure-report'

export { desktop, phone, type Viewport } from './chromium'

/**
 * A Chromium with a fresh temporary profile; close it in afterAll. It trusts the suite's nginx
 * certificate by its key (and no other invalid certificate).
 */
export function launchBrowser(): Promise<Browser> {
  return launchChromium([`--ignore-certificate-errors-spki-list=${inject('tlsSpki')}`], {
    logger: apiLogger,
  })
}

/**
 * A page in its own browser context (fresh cookies and storage), with relative URLs resolved
 * against the suite's nginx. Close it with `page.context().close()` or by closing the browser.
 */
export async function newPage(
  browser: Browser,
  viewport: Viewport = desktop,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    locale: 'en-US',
    viewport,
    ...options,
  })
  // Fail well inside the test time-out so the message names the step that hung.
  context.setDefaultTimeout(15_000)
  context.setDefaultNavigationTimeout(30_000)
  watchContext(context)
  return context.newPage()
}
