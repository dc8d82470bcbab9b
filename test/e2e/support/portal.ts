import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { inject } from 'vitest'
import { expectAxeClean } from './axe'

export const screenshotDir = path.resolve(import.meta.dirname, '../../../test-results/screenshots')

export const personaPassword = 'sandbox'

/** Opens a portal path, waits for the network to settle and fails on serious accessibility problems. */
export async function visit(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname, { waitUntil: 'networkidle' })
  await expectAxeClean(page)
}

/**
 * Signs in through the sandbox identity provider's form and waits until the portal has handled the
 * redirect; the page the portal lands on is checked with axe like any visited page.
 */
export async function signIn(page: Page, username: string): Promise<void> {
  const portal = new URL(inject('baseURL')).origin
  const idp = new URL(inject('idpUrl')).origin

  await visit(page, '/login')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.origin === idp)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(personaPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.origin === portal && url.pathname !== '/implicit/callback')
  await page.waitForLoadState('networkidle')
  await expectAxeClean(page)
}

/** Saves a full-page PNG as test-results/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true })
  const file = path.join(screenshotDir, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}
