import { setTimeout as sleep } from 'node:timers/promises'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchBrowser, newPage } from './support/browser'
import { signIn } from './support/portal'
import { sandbox } from './support/sandbox'

// Contract section 4: a deep link is a one-shot command. Once a tab has applied it, neither another
// tab's token change nor a reload makes that tab take the shared token back for the link's merchant.

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

const EXCHANGE = { path: '/api/auth/org/token/exchange', method: 'POST' }

async function exchanges(): Promise<number> {
  return (await sandbox.requests(EXCHANGE)).length
}

/** A merchant's id as the sandbox hands it out (GET /__sandbox/), so no id format is assumed. */
async function merchantId(name: string): Promise<string> {
  const response = await fetch(`${inject('apiUrl')}/__sandbox`)
  const { merchants } = (await response.json()) as { merchants: { id: string; name: string }[] }
  const merchant = merchants.find((candidate) => candidate.name === name)
  if (!merchant) throw new Error(`the sandbox has no merchant named ${name}`)
  return merchant.id
}

function deepLink(merchantID: string): string {
  const query = new URLSearchParams({ isDeepLink: 'true', search: 'TX-1', searchType: 'Transaction' })
  query.set('merchantID', merchantID)
  query.set('date', '2026-03-01')
  return `/transactions?${query}`
}

function merchantChooser(page: Page) {
  return page.getByRole('banner').getByLabel('Merchant', { exact: true })
}

/** The staff persona signed in, with a page in a context whose timers follow the test's clock. */
async function signedInStaff(): Promise<{ context: BrowserContext; first: Page }> {
  const first = await newPage(browser)
  const context = first.context()
  await context.clock.install()
  await signIn(first, 'ops@provider.test')
  return { context, first }
}

async function openDeepLink(page: Page, merchantID: string, name: string): Promise<void> {
  await page.goto(deepLink(merchantID))
  await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
  await expect.poll(() => merchantChooser(page).inputValue()).toBe(name)
}

/** The link was applied: its filters stay as ordinary ones, what it commanded left the address. */
function expectAppliedAddress(page: Page): void {
  const address = new URL(page.url()).searchParams
  expect(address.get('search')).toBe('TX-1')
  expect(address.get('from')).toBe('02/28/2026')
  expect(address.get('to')).toBe('03/02/2026')
  for (const name of ['isDeepLink', 'merchantID', 'date']) expect(address.has(name)).toBe(false)
}

/** Lets 30 s of the tabs' timers pass at once, and a few real seconds for whatever they start. */
async function leaveAlone(context: BrowserContext): Promise<void> {
  await context.clock.fastForward('00:30')
  await sleep(3_000)
}

describe('deep links in two tabs of one browser', () => {
  test('for two merchants, left alone 30 s, exchange the token at most once more', async () => {
    const [acme, globex] = await Promise.all([merchantId('Acme Outdoor'), merchantId('Globex Home')])
    const { context, first } = await signedInStaff()
    await openDeepLink(first, acme, 'Acme Outdoor')
    const second = await context.newPage()
    await openDeepLink(second, globex, 'Globex Home')

    await sandbox.clearRequests()
    await leaveAlone(context)
    const counted = await exchanges()
    console.info(`token exchanges while the two deep-link tabs were left alone: ${counted}`)
    expect(counted).toBeLessThanOrEqual(1)
    // The first tab adopted the merchant the second one took on, and both keep only the filters.
    expect(await merchantChooser(first).inputValue()).toBe('Globex Home')
    expect(await merchantChooser(second).inputValue()).toBe('Globex Home')
    expectAppliedAddress(first)
    expectAppliedAddress(second)

    // A reload does not apply the link again either.
    await sandbox.clearRequests()
    await first.reload({ waitUntil: 'networkidle' })
    await first.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    expect(await merchantChooser(first).inputValue()).toBe('Globex Home')
    expect(await exchanges()).toBe(0)
  })

  test('a merchant picked in another tab is not taken back by a deep-link tab', async () => {
    const acme = await merchantId('Acme Outdoor')
    const globex = await merchantId('Globex Home')
    const { context, first } = await signedInStaff()
    await openDeepLink(first, acme, 'Acme Outdoor')
    const second = await context.newPage()
    await second.goto('/transactions', { waitUntil: 'networkidle' })
    await expect.poll(() => merchantChooser(second).inputValue()).toBe('Acme Outdoor')

    await sandbox.clearRequests()
    await merchantChooser(second).click()
    await second.getByRole('option', { name: 'Globex Home' }).click()
    await expect.poll(() => merchantChooser(first).inputValue()).toBe('Globex Home')
    await leaveAlone(context)

    expect(await merchantChooser(second).inputValue()).toBe('Globex Home')
    expect(await merchantChooser(first).inputValue()).toBe('Globex Home')
    const stored = await second.evaluate(() => window.localStorage.getItem('mp:selectedMerchantId'))
    expect(stored).toBe(JSON.stringify(globex))
    // The pick's own exchange, and none taking it back.
    expect(await exchanges()).toBe(1)
    expectAppliedAddress(first)
  })
})
