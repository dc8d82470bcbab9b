// Chromium as the browser suite, the bench (scripts/bench/) and the screenshot tool launch it, and
// the sign-in through the sandbox identity provider's form. Free of Vitest, so scripts run by tsx
// import it too; test/e2e/support/browser.ts and portal.ts add the suite's server and axe checks.
import { type Browser, chromium, type LaunchOptions, type Page } from 'playwright-core'

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

/** Every sandbox persona's password. */
export const personaPassword = 'sandbox'

/** A headless Chromium with a fresh temporary profile and `extraArgs` (e.g. nginx's certificate trust). */
export function launchChromium(extraArgs: string[] = [], options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    ...options,
    args: [...chromiumArgs, ...extraArgs],
  })
}

/**
 * Signs in from the portal's /login (the page is there when this starts) through the identity
 * provider's form, and waits until the portal at `portalOrigin` has handled the redirect and the
 * network has settled.
 */
export async function fillSignIn(page: Page, username: string, portalOrigin: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.origin !== portalOrigin)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(personaPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.origin === portalOrigin && url.pathname !== '/implicit/callback')
  await page.waitForLoadState('networkidle')
}
