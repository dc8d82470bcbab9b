import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { launchBrowser, newPage } from './support/browser'
import { screenshot, signIn, visit } from './support/portal'
import { sandbox } from './support/sandbox'
import { shoot } from './support/steps'

// Every page, with the sandbox answering as a newer platform would: fields and enumeration values the
// portal does not know, ids that are not UUIDs, short participation pages, camelCase flags and empty
// write answers (sandbox/api/newer-platform.ts). Each page must show its heading, never the 'Oops...'
// box or Permission Denied, and pass axe.

const PAGES: readonly [path: string, heading: string][] = [
  ['/transactions', 'Transactions'],
  ['/data-insights', 'Data insights'],
  ['/settlement-report', 'Settlement report'],
  ['/targeting-export', 'Targeting export'],
  ['/user-management', 'User management'],
  ['/carts', 'Carts'],
  ['/carts/create', 'Create cart'],
  ['/locations', 'Locations'],
  ['/account-settings', 'Account settings'],
  // Account and general settings are one page under two paths.
  ['/general-settings', 'Account settings'],
  ['/checkout-design', 'Checkout design'],
  ['/placement-design', 'Placement design'],
  ['/access-keys', 'Access keys'],
  ['/email-notifications', 'Email notifications'],
  ['/payment-products', 'Payment products'],
  ['/internal-settings', 'Internal settings'],
  ['/bank-information', 'Bank information'],
  ['/funding-settings', 'Funding settings'],
  ['/location-verification-codes', 'Location verification codes'],
  ['/merchant-id-validation', 'Merchant ID validation'],
]

async function expectPage(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 15_000 })
  expect(await page.locator('h1').count()).toBe(1)
  expect(await page.getByText('Oops...').count()).toBe(0)
  expect(await page.getByText(/You do not have permissions to view this page/).count()).toBe(0)
}

describe('a newer platform', () => {
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    await sandbox.setPlatform('newer')
    browser = await launchBrowser()
    page = await newPage(browser)
    await signIn(page, 'ops@provider.test')
    await page.getByRole('heading', { level: 1, name: 'Choose a merchant' }).waitFor()
    await page.getByRole('main').getByLabel('Merchant', { exact: true }).click()
    await page.getByRole('option', { name: 'Acme Outdoor' }).click()
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
  })

  afterAll(async () => {
    await browser?.close()
    await sandbox.reset()
  })

  test.each(PAGES)('%s shows its page', async (path, heading) => {
    await visit(page, path)
    await expectPage(page, heading)
  })

  test('a cart opens from the list', async () => {
    await visit(page, '/carts')
    await page.getByRole('table').getByRole('link').first().click()
    await page.waitForLoadState('networkidle')
    expect(await page.getByText('Oops...').count()).toBe(0)
    expect(await page.locator('h1').count()).toBe(1)
    await screenshot(page, 'newer-platform-cart-desktop')
  })

  test('a list item the portal cannot read is left out, and the page says so', async () => {
    const { portalToken } = await sandbox.session('ops@provider.test', MERCHANT_IDS.acme)
    const query = `merchantID.eq=${MERCHANT_IDS.acme}&limit=25&offset=0`
    const response = await fetch(`${inject('apiUrl')}/api/carts?${query}`, {
      headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2' },
    })
    const answer = (await response.json()) as { data: { items: Record<string, unknown>[] } }
    const [first, ...rest] = answer.data.items
    await sandbox.addFault({
      method: 'GET',
      path: '/api/carts',
      kind: 'status',
      status: 200,
      body: { ...answer, data: { ...answer.data, items: [{ ...first, total: 'a lot' }, ...rest] } },
      times: 1,
    })
    await visit(page, '/carts')
    await expectPage(page, 'Carts')
    await page.getByText('1 item could not be shown').waitFor()
    await shoot(page, 'newer-platform-unreadable-item')
  })
})
