import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core'
import { inject } from 'vitest'

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Reporting API reports (policy violations) go out at once, not a minute later, so the sandbox has
  // them before the run ends (test/e2e/global-setup.ts fails on any).
  '--short-reporting-delay',
]

export interface Viewport {
  width: number
  height: number
}

export const desktop: Viewport = { width: 1280, height: 800 }
export const phone: Viewport = { width: 390, height: 844 }

/**
 * A Chromium with a fresh temporary profile; close it in afterAll. It trusts the suite's nginx
 * certificate by its key (and no other invalid certificate).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, `--ignore-certificate-errors-spki-list=${inject('tlsSpki')}`],
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
  return context.newPage()
}
