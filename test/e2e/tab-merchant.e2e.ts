import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { expectAxeClean } from './support/axe'
import { desktop, launchBrowser, newPage } from './support/browser'
import { screenshot, signIn, visit } from './support/portal'
import { sandbox } from './support/sandbox'

// The portal token is shared by the tabs of one browser profile. A tab that vetoed another tab's
// merchant switch keeps showing its merchant's page, so a save there must not go out under the other
// merchant's token.

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const fundingPath = `/api/merchant/${MERCHANT_IDS.acme}/funding-settings`

function merchantChooser(page: Page) {
  return page.getByRole('banner').getByLabel('Merchant', { exact: true })
}

/** Writes that reached the platform since the last clearRequests(): no reads, preflights or log lines. */
async function writesSent(): Promise<string[]> {
  return (await sandbox.requests())
    .filter(({ method, path }) => !['GET', 'OPTIONS'].includes(method) && !path.endsWith('/log'))
    .map(({ method, path }) => `${method} ${path}`)
}

async function minimumPayoutOfAcme(): Promise<number> {
  const { portalToken } = await sandbox.session('ops@provider.test', MERCHANT_IDS.acme)
  const response = await fetch(`${inject('apiUrl')}${fundingPath}`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2', Accept: 'application/json' },
  })
  const body = (await response.json()) as { data: { settlement: { minimumPayoutAmount: number } } }
  return body.data.settlement.minimumPayoutAmount
}

describe('a tab whose merchant another tab switched away from', () => {
  test("saves nothing under the other merchant's token, says so, and saves after switching back", async () => {
    const first = await newPage(browser, desktop)
    await signIn(first, 'ops@provider.test')
    await first.getByRole('main').getByLabel('Merchant', { exact: true }).click()
    await first.getByRole('option', { name: 'Acme Outdoor' }).click()
    await first.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    await visit(first, '/funding-settings')
    await first.getByRole('heading', { level: 1, name: 'Funding settings' }).waitFor()
    const minimum = first.getByRole('textbox', { name: /Minimum payout/ })
    await minimum.fill('25.5')

    // The second tab switches to Globex; the first is asked, and keeps its input.
    const second = await first.context().newPage()
    await second.goto('/transactions', { waitUntil: 'networkidle' })
    await merchantChooser(second).click()
    await second.getByRole('option', { name: 'Globex Home' }).click()
    await expect.poll(() => merchantChooser(second).inputValue()).toBe('Globex Home')
    const question = first.getByRole('dialog', { name: 'Discard unsaved changes?' })
    await question.getByRole('button', { name: 'Keep editing' }).click()
    await question.waitFor({ state: 'hidden' })

    await sandbox.clearRequests()
    await first.getByRole('button', { name: 'Save changes' }).click()
    const alert = first.getByRole('alert').filter({ hasText: 'Another tab switched to merchant Globex Home' })
    await alert.getByText('Nothing was saved; your input is still here.', { exact: false }).waitFor()
    await expect.poll(() => alert.textContent()).toContain('reload the page to continue with Globex Home')
    expect(await minimum.inputValue()).toBe('25.5')
    expect(await writesSent()).toEqual([])
    await expectAxeClean(first)
    await screenshot(first, 'tab-merchant-mismatch-desktop')
    await first.setViewportSize({ width: 390, height: 844 })
    await screenshot(first, 'tab-merchant-mismatch-phone')
    await first.setViewportSize(desktop)

    // Switching back takes the shared token for Acme again; the second tab follows, the input saves.
    await alert.getByRole('button', { name: 'Switch this tab back to Acme Outdoor' }).click()
    await first.getByText('This tab acts for Acme Outdoor again. You can save your changes now.').waitFor()
    await expect.poll(() => merchantChooser(second).inputValue()).toBe('Acme Outdoor')
    expect(await minimum.inputValue()).toBe('25.5')
    await first.getByRole('button', { name: 'Save changes' }).click()
    await first.getByText(/Funding settings saved/).waitFor()
    await expect.poll(writesSent).toEqual(['POST /api/auth/org/token/exchange', `PUT ${fundingPath}`])
    expect(await minimumPayoutOfAcme()).toBe(2550)
  })
})
