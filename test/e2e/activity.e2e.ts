import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseCsv } from '../../src/shared/csv'
import { expectAxeClean } from './support/axe'
import { launchBrowser, newPage, phone } from './support/browser'
import { screenshot, screenshotDir, signIn } from './support/portal'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const searchOf = (page: Page) => new URL(page.url()).searchParams

/** The total the progress line states ("Showing 1–50 of 3,000"). */
async function shownTotal(page: Page): Promise<number> {
  const line = (await page.getByText(/^Showing \d[\d,]*–[\d,]+ of [\d,]+$/).textContent()) ?? ''
  return Number(/of ([\d,]+)$/.exec(line)?.[1]?.replaceAll(',', ''))
}

describe('the activity log', () => {
  test('open it, page, filter by a user and kinds, export what matches; at phone width', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    await page.goto('/user-management', { waitUntil: 'networkidle' })
    await page.getByRole('tab', { name: 'Activity' }).click()
    await page.waitForURL((url) => url.searchParams.get('view') === 'activity')
    const table = page.getByRole('table')
    await expect.poll(() => table.getByRole('row').count(), { timeout: 15_000 }).toBe(51)
    expect(await shownTotal(page)).toBeGreaterThanOrEqual(3000)

    // Paging through thousands.
    await page.getByRole('button', { name: 'Page 2', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('page') === '2')
    await page.getByText(/^Showing 51–100 of/).waitFor()

    // One user's entries of two kinds.
    const filters = page.getByRole('search', { name: 'Filter activity' })
    await filters.getByRole('combobox', { name: 'User' }).click()
    await page.getByRole('option', { name: 'Victor Viewer' }).click()
    await page.waitForURL((url) => url.searchParams.has('actor'))
    expect(searchOf(page).get('page')).toBeNull()
    await filters.getByLabel('Kind', { exact: true }).first().click()
    await page.getByRole('option', { name: 'Cart sent' }).click()
    await page.getByRole('option', { name: 'Transaction refunded' }).click()
    await page.keyboard.press('Escape')
    await page.waitForURL((url) => (url.searchParams.get('kind') ?? '').includes('transaction.refunded'))
    await page.getByRole('heading', { level: 2, name: 'Activity of Victor Viewer' }).waitFor()
    await expect
      .poll(async () => {
        const rows = await table.getByRole('row').allTextContents()
        return (
          rows.length > 1 &&
          rows
            .slice(1)
            .every((row) => row.includes('Victor Viewer') && /Cart sent|Transaction refunded/.test(row))
        )
      })
      .toBe(true)
    const total = await shownTotal(page)
    expect(total).toBeGreaterThan(0)
    await page.waitForLoadState('networkidle')
    await expectAxeClean(page)
    await screenshot(page, 'activity-desktop')

    // The export holds every matching entry, not just the page on screen.
    const downloading = page.waitForEvent('download', { timeout: 30_000 })
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^acme-outdoor-activity-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = await readFile(await download.path(), 'utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const [header, ...records] = parseCsv(text.slice(1))
    expect(header?.slice(0, 3)).toEqual(['Time (America/Denver)', 'Time (UTC)', 'Actor'])
    expect(records).toHaveLength(total)
    expect(new Set(records.map((record) => record[2]))).toEqual(new Set(['Victor Viewer']))
    expect(new Set(records.map((record) => record[5]))).toEqual(
      new Set(['cart.sent', 'transaction.refunded']),
    )

    // At phone width the entries are cards, the filters above them.
    await page.setViewportSize(phone)
    await page.getByRole('list', { name: 'Activity' }).waitFor()
    await page.waitForLoadState('networkidle')
    await expectAxeClean(page)
    await screenshot(page, 'activity-phone')
    // What a phone shows first, without scrolling.
    await page.screenshot({ path: path.join(screenshotDir, 'activity-phone-first-screen.png') })
  })

  test("a user's activity from their row's menu", async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    await page.goto('/user-management', { waitUntil: 'networkidle' })
    const row = page.getByRole('row').filter({ hasText: 'viewer@acme.test' })
    await row.getByRole('button', { name: 'Actions for Victor Viewer' }).click()
    await page.getByRole('menuitem', { name: 'View activity' }).click()
    await page
      .getByRole('heading', { level: 2, name: 'Activity of Victor Viewer' })
      .waitFor({ timeout: 15_000 })
    expect(searchOf(page).get('view')).toBe('activity')
    await expect.poll(() => page.getByRole('table').getByRole('row').count(), { timeout: 15_000 }).toBe(51)
  })
})
