import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { inject } from 'vitest'
import { expectAxeClean } from './axe'
import { fillSignIn } from './chromium'

export { personaPassword } from './chromium'

export const screenshotDir = path.resolve(import.meta.dirname, '../../../test-results/screenshots')

/** Opens a portal path, waits for the network to settle and fails on serious accessibility problems. */
export async function visit(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname, { waitUntil: 'networkidle' })
  await expectAxeClean(page)
}

/**
 * Signs in through the sandbox identity provider's form and waits until the portal has handled the
 * redirect; the page the portal lands on is checked with axe like any visited page. /login itself is
 * checked by the shell tests at both widths (test/e2e/shell.e2e.ts), not again at every sign-in.
 */
export async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login', { waitUntil: 'networkidle' })
  await fillSignIn(page, username, new URL(inject('baseURL')).origin)
  await expectAxeClean(page)
}

/** Saves a full-page PNG as test-results/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true })
  const file = path.join(screenshotDir, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}
