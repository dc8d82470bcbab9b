import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { launchBrowser, newPage, phone } from './support/browser'
import { settleTwentyOneRefused } from './support/bulk-settle'
import { screenshot, signIn } from './support/portal'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const AUTHORIZED = `/transactions?status=${encodeURIComponent(JSON.stringify(['AUTHORIZED']))}`

describe('bulk actions', () => {
  test('settles 20 rows selected with Shift-click, one refused and then retried alone; at 1280 and 390 wide', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    await page.goto(AUTHORIZED, { waitUntil: 'networkidle' })
    const table = page.getByRole('table')
    const boxes = table.getByRole('checkbox', { name: /^Select transaction / })
    await expect.poll(() => boxes.count()).toBe(25)
    await boxes.nth(0).click()
    await boxes.nth(19).click({ modifiers: ['Shift'] })
    const bar = page.getByRole('region', { name: 'Bulk actions' })
    await bar.getByRole('status').getByText('20 selected').waitFor()
    await expect
      .poll(() => table.getByRole('checkbox', { checked: true, name: /^Select transaction / }).count())
      .toBe(20)
    // Ticking a box opens no drawer.
    expect(await page.getByRole('dialog').count()).toBe(0)
    await expectAxeClean(page)
    await screenshot(page, 'bulk-bar-desktop')

    const refusedId = ((await table.getByRole('row').nth(5).getByRole('link').textContent()) ?? '').trim()
    expect(refusedId).toMatch(/^TX-/)
    const dialog = await settleTwentyOneRefused(page, refusedId, {
      confirm: 'bulk-confirm-desktop',
      results: 'bulk-results-desktop',
    })
    await dialog.getByRole('button', { name: `Retry ${refusedId}` }).click()
    await dialog.getByText('20 succeeded, 0 failed').waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Close' }).click()
    // The settled rows leave the selection, and the list of open authorizations.
    await expect.poll(() => bar.count()).toBe(0)
    await expect
      .poll(async () => (await table.getByRole('link', { name: refusedId }).count()) === 0)
      .toBe(true)

    // At phone width: cards with their checkboxes, the bar under them, the dialog and its results.
    await page.setViewportSize(phone)
    const cards = page.getByRole('list', { name: 'Transactions' })
    await cards.waitFor()
    const cardBoxes = cards.getByRole('checkbox', { name: /^Select transaction / })
    await cardBoxes.nth(0).click()
    await cardBoxes.nth(2).click({ modifiers: ['Shift'] })
    await bar.getByRole('status').getByText('3 selected').waitFor()
    await page.waitForLoadState('networkidle')
    await expectAxeClean(page)
    await screenshot(page, 'bulk-bar-phone')
    await bar.getByRole('button', { name: 'Settle selected' }).click()
    const phoneDialog = page.getByRole('dialog', { name: 'Settle 3 transactions' })
    await phoneDialog.getByRole('button', { name: 'Settle 3 transactions' }).waitFor()
    await expectAxeClean(page)
    await screenshot(page, 'bulk-confirm-phone')
    await phoneDialog.getByRole('button', { name: 'Settle 3 transactions' }).click()
    await phoneDialog.getByText('3 of 3 done · 3 succeeded, 0 failed').waitFor({ timeout: 20_000 })
    await expectAxeClean(page)
    await screenshot(page, 'bulk-results-phone')
  })
})
