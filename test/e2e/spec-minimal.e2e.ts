import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { launchBrowser, newPage } from './support/browser'
import { signIn, visit } from './support/portal'
import { sandbox } from './support/sandbox'
import { closeAlert, shoot, signInAt } from './support/steps'

// The main flows with the sandbox answering as a platform that sends only what the spec promises:
// the fields spec section 3 lists where it lists them, no null fields, merchant and program ids that
// are not UUIDs (with a colon, so a path must carry them escaped), flags under the platform's names
// (sandbox/api/spec-minimal.ts). Every page passes axe.

const DENIED =
  'You do not have permissions to view this page. If you think this is incorrect, please contact the Merchant Success team.'

let browser: Browser

beforeAll(async () => {
  await sandbox.setPlatform('spec-minimal')
  browser = await launchBrowser()
})

afterEach(async () => {
  await Promise.all(browser.contexts().map((context) => context.close()))
})

afterAll(async () => {
  await browser?.close()
  await sandbox.reset()
})

/** A merchant's id as the platform hands it out (GET /__sandbox/ answers as the platform does). */
async function merchantId(name: string): Promise<string> {
  const response = await fetch(`${inject('apiUrl')}/__sandbox`)
  const { merchants } = (await response.json()) as { merchants: { id: string; name: string }[] }
  const merchant = merchants.find((candidate) => candidate.name === name)
  if (!merchant) throw new Error(`the sandbox has no merchant named ${name}`)
  return merchant.id
}

function merchantChooser(page: Page) {
  return page.getByRole('banner').getByLabel('Merchant', { exact: true })
}

async function heading(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 })
  expect(await page.getByText('Oops...').count()).toBe(0)
}

describe('a platform that sends only what the spec promises', () => {
  test('the ids are not UUIDs, and the portal escapes them in the paths it calls', async () => {
    const acme = await merchantId('Acme Outdoor')
    expect(acme).toMatch(/^mer_[^:]+:/)
    await sandbox.clearRequests()
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    await heading(page, 'Transactions')
    const calls = await sandbox.requests({ path: `/api/merchant/${acme}` })
    expect(calls.length).toBeGreaterThan(0)
    expect(calls.every((call) => call.path === `/api/merchant/${encodeURIComponent(acme)}`)).toBe(true)
  })

  test('sign in lands on transactions; a row opens in its drawer', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    await heading(page, 'Transactions')
    const table = page.getByRole('table')
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(2)
    await page.waitForLoadState('networkidle')
    await expectAxeClean(page)

    const first = table.getByRole('row').nth(1).getByRole('link').first()
    const id = (await first.textContent())?.trim() ?? ''
    expect(id).toMatch(/^TX-/)
    await first.click()
    const drawer = page.getByRole('dialog', { name: `Transaction ${id}` })
    await drawer.waitFor()
    await drawer.getByRole('group', { name: 'Actions' }).waitFor()
    await expectAxeClean(page)
    await shoot(page, 'spec-minimal-transaction')
  })

  test('the guards: Permission Denied and page not found', async () => {
    const page = await newPage(browser)
    await signInAt(page, 'viewer@acme.test', '/user-management')
    await page.getByText(DENIED).waitFor()
    await expectAxeClean(page)
    await page.getByRole('link', { name: 'Return to home page' }).click()
    await page.waitForURL((url) => url.pathname === '/transactions')
    await visit(page, '/no-such-page')
    await page.getByText('Page not found').waitFor()
  })

  test('a cart opens from the list, and a new one is created', async () => {
    const page = await newPage(browser)
    await signInAt(page, 'owner@acme.test', '/carts')
    await heading(page, 'Carts')
    const list = page.getByRole('table')
    await list.waitFor()
    await expectAxeClean(page)
    await list.getByRole('link').first().click()
    await heading(page, /^Cart /)
    await expectAxeClean(page)

    await visit(page, '/carts/create')
    await heading(page, 'Create cart')
    await page.getByLabel('Customer name').fill('Rosa Parks')
    await page.getByLabel('Email').fill('rosa.parks@example.com')
    const item = page.getByRole('group', { name: 'Item 1' })
    await item.getByLabel('Item name').fill('Ridgeline 3-Person Tent')
    await item.getByLabel('Quantity').fill('2')
    await item.getByLabel('Unit price').fill('429')
    await page.getByLabel('Street address').fill('1 Main St')
    await page.getByLabel('City').fill('Denver')
    await page.getByRole('combobox', { name: 'State' }).fill('CO')
    await page.getByRole('option', { name: 'CO' }).click()
    await page.getByLabel('ZIP code').fill('80202')
    await expect.poll(() => page.getByLabel('Totals').textContent()).toContain('$858.00')
    await page.getByRole('button', { name: 'Create cart' }).click()
    await heading(page, /^Cart AO-C-\d+$/)
    await closeAlert(page, /^Cart AO-C-\d+ created/)
    await expectAxeClean(page)
    await shoot(page, 'spec-minimal-cart')
  })

  test('the merchant chooser: staff choose a merchant, then switch to another', async () => {
    const page = await newPage(browser)
    await signIn(page, 'ops@provider.test')
    await heading(page, 'Choose a merchant')
    await page.getByRole('main').getByLabel('Merchant', { exact: true }).click()
    await page.getByRole('option', { name: 'Acme Outdoor' }).click()
    await heading(page, 'Transactions')
    await expectAxeClean(page)
    await merchantChooser(page).click()
    await page.getByRole('option', { name: 'Globex Home' }).click()
    await expect.poll(() => merchantChooser(page).inputValue()).toBe('Globex Home')
    await page.getByRole('table').waitFor()
    await expectAxeClean(page)
  })

  test('a signed-out deep link for another merchant comes back after sign-in and is applied', async () => {
    const globex = await merchantId('Globex Home')
    const query = new URLSearchParams({
      isDeepLink: 'true',
      search: 'TX-1',
      searchType: 'Transaction',
      merchantID: globex,
      date: '2026-03-01',
    })
    const page = await newPage(browser)
    await signInAt(page, 'ops@provider.test', `/transactions?${query}`)
    await page.waitForURL((url) => url.pathname === '/transactions' && !url.searchParams.has('isDeepLink'))
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      search: 'TX-1',
      from: '02/28/2026',
      to: '03/02/2026',
    })
    await expect.poll(() => merchantChooser(page).inputValue()).toBe('Globex Home')
    await heading(page, 'Transactions')
    await expectAxeClean(page)
  })
})
