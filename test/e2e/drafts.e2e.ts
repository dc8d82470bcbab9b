import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { launchBrowser } from './support/browser'
import { personaPassword, screenshot } from './support/portal'
import { signInAt } from './support/steps'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** Leaves the provider's session without its refresh token, so that the next renewal fails for good. */
function dropRefreshToken(page: Page): Promise<void> {
  return page.evaluate(() => {
    for (const key of Object.keys(window.localStorage)) {
      if (!key.startsWith('mp:oidc.user:')) continue
      const user = JSON.parse(window.localStorage.getItem(key) ?? '{}')
      user.refresh_token = undefined
      window.localStorage.setItem(key, JSON.stringify(user))
    }
  })
}

/** From /login: Sign in, through the provider's form when it asks (its own session may still be open). */
async function signInAgain(page: Page, returnTo: string): Promise<void> {
  const portal = new URL(inject('baseURL')).origin
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.origin !== portal || url.pathname === returnTo)
  if (new URL(page.url()).origin !== portal) {
    await page.getByLabel('Username').fill('owner@acme.test')
    await page.getByLabel('Password').fill(personaPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }
  await page.waitForURL((url) => url.origin === portal && url.pathname === returnTo)
}

describe('a cart half typed when the session ends', () => {
  test('comes back after signing in again: Restore fills in what was typed', async () => {
    const context = await browser.newContext({ baseURL: inject('baseURL'), locale: 'en-US' })
    context.setDefaultTimeout(15_000)
    await context.clock.install()
    const page = await context.newPage()
    await signInAt(page, 'owner@acme.test', '/carts/create')
    await page.getByRole('heading', { level: 1, name: 'Create cart' }).waitFor()
    await page.getByLabel('Customer name').fill('Rosa Parks')
    await page.getByLabel('Email').fill('rosa.parks@example.com')
    const item1 = page.getByRole('group', { name: 'Item 1' })
    await item1.getByLabel('Item name').fill('Ridgeline 3-Person Tent')
    await item1.getByLabel('Unit price').fill('429')

    // The renewal is due a minute before the 15-minute portal token ends; without a refresh token it
    // fails for good, and the tab goes to /login.
    await dropRefreshToken(page)
    await context.clock.fastForward('14:30')
    await page.waitForURL((url) => url.pathname === '/login')

    await signInAgain(page, '/carts/create')
    const notice = page.getByRole('region', { name: 'Restore your unsaved changes?' })
    await notice.waitFor()
    expect(await page.getByLabel('Customer name').inputValue()).toBe('')
    await expectAxeClean(page)
    await screenshot(page, 'cart-draft-offered')

    await notice.getByRole('button', { name: 'Restore' }).click()
    await notice.waitFor({ state: 'detached' })
    expect(await page.getByLabel('Customer name').inputValue()).toBe('Rosa Parks')
    expect(await page.getByLabel('Email').inputValue()).toBe('rosa.parks@example.com')
    expect(await item1.getByLabel('Item name').inputValue()).toBe('Ridgeline 3-Person Tent')
    expect(await item1.getByLabel('Unit price').inputValue()).toBe('429')
    expect(await page.evaluate(() => window.localStorage.getItem('mp:drafts'))).toBeNull()
    await context.close()
  })
})
