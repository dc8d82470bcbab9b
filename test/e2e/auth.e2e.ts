import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { desktop, launchBrowser, newPage, phone } from './support/browser'
import { personaPassword, screenshot, signIn, visit } from './support/portal'
import { sandbox } from './support/sandbox'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

async function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('mp:')))
}

describe('sign-in for each persona', () => {
  test.each([
    ['owner@acme.test', 'Acme Outdoor'],
    ['viewer@acme.test', 'Acme Outdoor'],
    ['clinic@initech.test', 'Initech Dental'],
    ['manager@harbor.test', 'Harbor Home Store'],
  ])('%s lands on the transactions page of %s', async (username, merchant) => {
    const page = await newPage(browser)
    await signIn(page, username)
    expect(new URL(page.url()).pathname).toBe('/transactions')
    await expect.poll(() => page.getByTestId('current-merchant').textContent()).toBe(merchant)
    expect(new URL(page.url()).search).toBe('')
  })

  test('the bank-brand persona sees the bank brand', async () => {
    const page = await newPage(browser)
    await signIn(page, 'manager@harbor.test')
    await page.getByRole('link', { name: 'Harborline Bank Merchant Center home' }).waitFor()
    await screenshot(page, 'transactions-bank-desktop')
  })

  test('ops@provider.test is asked to choose a merchant, switches, and stays on the page', async () => {
    const page = await newPage(browser)
    await signIn(page, 'ops@provider.test')
    await page.getByRole('heading', { level: 1, name: 'Choose a merchant' }).waitFor()
    await page.getByRole('main').getByLabel('Merchant', { exact: true }).click()
    await page.getByRole('option', { name: 'Globex Home' }).click()
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/transactions')

    await page.goto('/data-insights', { waitUntil: 'networkidle' })
    const chooser = page.getByRole('banner').getByLabel('Merchant', { exact: true })
    await expect.poll(() => chooser.inputValue()).toBe('Globex Home')
    await chooser.click()
    await screenshot(page, 'merchant-chooser-open-desktop')
    await page.getByRole('option', { name: 'Acme Outdoor' }).click()

    await expect.poll(() => chooser.inputValue()).toBe('Acme Outdoor')
    expect(new URL(page.url()).pathname).toBe('/data-insights')
    await page.getByRole('heading', { level: 1, name: 'Data insights' }).waitFor()
    const stored = await page.evaluate(() => window.localStorage.getItem('mp:selectedMerchantId'))
    expect(stored).toBe(JSON.stringify(MERCHANT_IDS.acme))
  })
})

describe('the remembered destination', () => {
  test('a signed-out deep link comes back exactly after sign-in', async () => {
    const deepLink = `/transactions?isDeepLink=true&search=TX-1&searchType=Transaction&merchantID=${MERCHANT_IDS.acme}&date=2026-03-01`
    const page = await newPage(browser)
    await page.goto(deepLink, { waitUntil: 'networkidle' })
    await page.waitForURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).search).toBe('')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByLabel('Username').fill('owner@acme.test')
    await page.getByLabel('Password').fill(personaPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/transactions')
    const url = new URL(page.url())
    expect(`${url.pathname}${url.search}`).toBe(deepLink)
    // The link's day is widened to one day either side in the date filter.
    await page.getByText('02/28/2026 – 03/02/2026').first().waitFor()
    expect(await page.getByRole('textbox', { name: 'Search' }).inputValue()).toBe('TX-1')
  })
})

describe('sign-out', () => {
  test('clears the stored tokens and the merchant and returns to /login', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    expect(await storedKeys(page)).toEqual(expect.arrayContaining(['mp:token', 'mp:selectedMerchantId']))
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    const left = await storedKeys(page)
    expect(left).not.toContain('mp:token')
    expect(left).not.toContain('mp:selectedMerchantId')
    expect(left).not.toContain('mp:adminToken')
    await page.goto('/transactions', { waitUntil: 'networkidle' })
    expect(new URL(page.url()).pathname).toBe('/login')
  })

  test('in one tab signs the other tab out', async () => {
    const first = await newPage(browser)
    await signIn(first, 'owner@acme.test')
    const second = await first.context().newPage()
    await second.goto('/data-insights', { waitUntil: 'networkidle' })
    await second.getByRole('heading', { level: 1, name: 'Data insights' }).waitFor()
    await first.getByRole('button', { name: 'Account menu' }).click()
    await first.getByRole('menuitem', { name: 'Sign out' }).click()
    await second.waitForURL((url) => url.pathname === '/login')
  })
})

describe('a failed token exchange', () => {
  test('sends the user to /login with the 20-second error alert and logs it', async () => {
    await sandbox.clearLogs()
    await sandbox.addFault({
      method: 'POST',
      path: '/api/auth/org/token/exchange',
      kind: 'status',
      status: 500,
      times: 1,
    })
    const page = await newPage(browser)
    await visit(page, '/login')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByLabel('Username').fill('owner@acme.test')
    await page.getByLabel('Password').fill(personaPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    const alert = page.getByRole('alert').filter({ hasText: 'Error was:' })
    await alert.waitFor()
    await expect
      .poll(async () => (await sandbox.logs()).map((entry) => entry.message))
      .toContain('Error exchanging tokens')
    await screenshot(page, 'login-error-desktop')
    const stored = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('mp:alerts') ?? '[]'))
    expect(stored[0]).toMatchObject({ status: 'ERROR', duration: 20_000 })
  })
})

describe('the signed-in shell', () => {
  test.each([
    ['desktop', desktop],
    ['phone', phone],
  ])('looks right at %s width', async (name, viewport) => {
    const page = await newPage(browser, viewport)
    await signIn(page, 'owner@acme.test')
    await screenshot(page, `transactions-owner-${name}`)
    if (name === 'phone') {
      await page.getByRole('button', { name: 'Open navigation' }).click()
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Carts' })
        .waitFor()
      await screenshot(page, 'navigation-owner-phone')
    }
  })
})
