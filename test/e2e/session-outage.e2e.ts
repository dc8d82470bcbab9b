import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { launchBrowser } from './support/browser'
import { screenshot, signIn } from './support/portal'
import { sandbox } from './support/sandbox'

/**
 * The session through what the world does to it: a laptop waking before its Wi-Fi, an identity
 * provider answering 503 or hanging, the sign-in library's code failing to load, a merchant switch
 * after the provider's token expired, and a browser closed without signing out. Every count is read
 * at the provider (refresh grants) and the platform (token exchanges).
 */

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

afterEach(async () => {
  await Promise.all(browser.contexts().map((context) => context.close()))
})

async function refreshGrants(): Promise<{ ok: number; refused: number }> {
  const grants = await sandbox.grants('refresh_token')
  return {
    ok: grants.filter((grant) => grant.outcome === 'success').length,
    refused: grants.filter((grant) => grant.outcome === 'error').length,
  }
}

async function exchanges(): Promise<number> {
  return (await sandbox.requests({ path: '/api/auth/org/token/exchange', method: 'POST' })).length
}

/** A browser profile with Playwright's clock, so that hours pass in seconds. */
async function clockedContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: inject('baseURL'), locale: 'en-US' })
  context.setDefaultTimeout(20_000)
  await context.clock.install()
  return context
}

/** Lets a second of the page's time pass (its retry timers), then reads `value`. */
async function runThen<T>(context: BrowserContext, value: () => Promise<T>): Promise<T> {
  await context.clock.runFor(1_000)
  return value()
}

/** Signed in as the owner, on a new cart with the customer's name typed and not saved. */
async function halfTypedCart(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await signIn(page, 'owner@acme.test')
  await page.goto('/carts/create', { waitUntil: 'networkidle' })
  await page.getByRole('heading', { level: 1, name: 'Create cart' }).waitFor()
  await page.getByLabel('Customer name').fill('Rosa Parks')
  await sandbox.clearGrants()
  await sandbox.clearRequests()
  return page
}

/** The same tab still holds the cart as typed, and a new tab of the profile opens signed in. */
async function stillSignedIn(page: Page): Promise<void> {
  expect(new URL(page.url()).pathname).toBe('/carts/create')
  expect(await page.getByLabel('Customer name').inputValue()).toBe('Rosa Parks')
  const other = await page.context().newPage()
  await other.goto('/transactions', { waitUntil: 'networkidle' })
  await other.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
  expect(new URL(other.url()).pathname).toBe('/transactions')
  await other.close()
}

describe('a renewal that fails for a passing reason keeps the session', () => {
  test('a laptop waking before its Wi-Fi: offline, 20 minutes later, online again', async () => {
    const context = await clockedContext()
    const page = await halfTypedCart(context)
    await context.setOffline(true)
    await context.clock.fastForward('20:00')
    await page.getByText('You are offline.').waitFor()
    await context.setOffline(false)
    await expect.poll(refreshGrants, { timeout: 5_000 }).toEqual({ ok: 1, refused: 0 })
    await page.getByText('You are offline.').waitFor({ state: 'hidden' })
    await stillSignedIn(page)
    expect(await refreshGrants()).toEqual({ ok: 1, refused: 0 })
  })

  test('the token endpoint answering 503 twice, then 200', async () => {
    const context = await clockedContext()
    const page = await halfTypedCart(context)
    await sandbox.addFault({ method: 'POST', path: '/idp/token', kind: 'status', status: 503, times: 2 })
    await context.clock.fastForward('14:30')
    await page.getByText('The sign-in service cannot be reached right now.').waitFor()
    await expectAxeClean(page)
    await screenshot(page, 'session-provider-unreachable-desktop')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'session-provider-unreachable-phone')
    // The back-off retries after about 2 s, then 4 s.
    await expect
      .poll(() => runThen(context, refreshGrants), { timeout: 20_000 })
      .toEqual({ ok: 1, refused: 0 })
    await page.getByText('The sign-in service cannot be reached right now.').waitFor({ state: 'hidden' })
    await stillSignedIn(page)
    expect(await refreshGrants()).toEqual({ ok: 1, refused: 0 })
    expect(await exchanges()).toBe(1)
  })

  test('the token endpoint hanging past the identity time-out', async () => {
    const context = await clockedContext()
    const page = await halfTypedCart(context)
    // A provider that never answers (the fault holds the request for two minutes).
    await sandbox.addFault({ method: 'POST', path: '/idp/token', kind: 'delay', delayMs: 120_000, times: 1 })
    await context.clock.fastForward('14:30')
    // The request gives up after the 10 s time-out; the retry, about 2 s later, goes through.
    const started = Date.now()
    await expect
      .poll(() => runThen(context, refreshGrants), { timeout: 30_000 })
      .toEqual({ ok: 1, refused: 0 })
    expect(Date.now() - started).toBeLessThan(30_000)
    await stillSignedIn(page)
    expect(await refreshGrants()).toEqual({ ok: 1, refused: 0 })
  })

  test("the sign-in library's code refused once", async () => {
    const context = await clockedContext()
    const page = await halfTypedCart(context)
    let refused = 0
    await context.route('**/assets/oidc-client-ts-*.js', (route) => {
      if (refused > 0) return route.continue()
      refused += 1
      return route.abort()
    })
    // A fresh page: its preload of the library is the request refused.
    await page.reload({ waitUntil: 'networkidle' })
    await page.getByLabel('Customer name').fill('Rosa Parks')
    await context.clock.fastForward('14:30')
    await expect
      .poll(() => runThen(context, refreshGrants), { timeout: 20_000 })
      .toEqual({ ok: 1, refused: 0 })
    expect(refused).toBe(1)
    await stillSignedIn(page)
  })
})

describe('a merchant switch', () => {
  test('11 minutes after sign-in refreshes the provider token once, then exchanges once', async () => {
    const context = await clockedContext()
    const page = await context.newPage()
    await signIn(page, 'ops@provider.test')
    await page.getByRole('main').getByLabel('Merchant', { exact: true }).click()
    await page.getByRole('option', { name: 'Globex Home' }).click()
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    await page.goto('/data-insights', { waitUntil: 'networkidle' })
    await page.getByRole('heading', { level: 1, name: 'Data insights' }).waitFor()
    await sandbox.clearGrants()
    await sandbox.clearRequests()

    // The provider's access token lives 10 minutes; the portal token, renewed at 14:30, is still good.
    await context.clock.fastForward('11:00')
    await page.mouse.move(120, 120)
    const chooser = page.getByRole('banner').getByLabel('Merchant', { exact: true })
    await chooser.click()
    await page.getByRole('option', { name: 'Acme Outdoor' }).click()
    await expect.poll(() => chooser.inputValue()).toBe('Acme Outdoor')
    await page.getByRole('heading', { level: 1, name: 'Data insights' }).waitFor()
    expect(await page.getByText('That merchant could not be opened').count()).toBe(0)
    expect(await refreshGrants()).toEqual({ ok: 1, refused: 0 })
    expect(await exchanges()).toBe(1)
  })
})

describe('the idle time-out', () => {
  test('a browser closed without signing out and reopened three hours later asks for a sign-in', async () => {
    const context = await clockedContext()
    const page = await context.newPage()
    await signIn(page, 'owner@acme.test')
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    // "Closing" the portal: the tab leaves it; the profile's storage stays, as a closed browser's does.
    await page.goto('about:blank')
    await context.clock.fastForward('03:00:00')
    await sandbox.clearGrants()
    await sandbox.clearRequests()

    await page.goto('/transactions', { waitUntil: 'networkidle' })
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByText('There was no activity for 30 minutes').waitFor()
    expect(await page.getByRole('row').count()).toBe(0)
    expect(await refreshGrants()).toEqual({ ok: 0, refused: 0 })
    expect(await exchanges()).toBe(0)
    expect(await page.evaluate(() => window.localStorage.getItem('mp:token'))).toBeNull()
  })

  test('a tab left on a full-page error is signed out at the time-out', async () => {
    const context = await clockedContext()
    const page = await context.newPage()
    await signIn(page, 'owner@acme.test')
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    await sandbox.addFault({ method: 'GET', path: '/api/merchant/*', kind: 'status', status: 500 })
    await page.reload({ waitUntil: 'networkidle' })
    await page.getByText('Oops...').first().waitFor()
    await context.clock.fastForward('30:00')
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByText('There was no activity for 30 minutes').waitFor()
  })
})
