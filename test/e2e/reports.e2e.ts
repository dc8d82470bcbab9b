import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addDays, todayIn, toFilterDate } from '../../src/shared/calendar'
import { expectAxeClean } from './support/axe'
import { desktop, launchBrowser, newPage, phone, type Viewport } from './support/browser'
import { screenshot, signIn, visit } from './support/portal'

const ZONE = 'America/Denver'
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** Clicks and waits for the file the click saves; answers its name and text (byte-order mark left out). */
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()])
  const saved = await file.path()
  return { name: file.suggestedFilename(), text: (await readFile(saved, 'utf8')).replace(/^\uFEFF/, '') }
}

async function signedIn(viewport: Viewport = desktop): Promise<Page> {
  const page = await newPage(browser, viewport)
  await signIn(page, 'owner@acme.test')
  return page
}

describe('settlement report', () => {
  test('shows a range, opens a settlement, downloads both files and refuses 101 days', async () => {
    const page = await signedIn()
    await visit(page, '/settlement-report')
    const table = page.getByRole('table', { name: /^Settlements from/ })
    await table.waitFor()
    await expectAxeClean(page)
    await screenshot(page, 'settlement-report-desktop')

    const csv = await download(page, () => page.getByRole('button', { name: 'Download CSV' }).click())
    expect(csv.name).toMatch(/^settlements-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = csv.text.split('\r\n')
    expect(lines[0]).toMatch(/^settlement_id,date,status,payout_date/)
    expect(lines.length - 2).toBe((await table.getByRole('row').count()) - 1)

    await table.getByRole('row').nth(1).getByRole('link').click()
    const drawer = page.getByRole('dialog', { name: /^Settlement of / })
    await drawer.getByRole('table', { name: /^Sales and refunds in this settlement/ }).waitFor()
    await expectAxeClean(page)
    await screenshot(page, 'settlement-drawer-desktop')
    const entries = await download(page, () =>
      drawer.getByRole('button', { name: 'Download transactions CSV' }).click(),
    )
    expect(entries.name).toMatch(/^settlement-ST-\d{8}-[0-9A-F]{4}\.csv$/)
    expect(entries.text.split('\r\n')[0]).toMatch(/^settlement_id,transaction_id,order_id,customer/)
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })

    const to = todayIn(ZONE)
    const from = addDays(to, -100)
    await visit(
      page,
      `/settlement-report?from=${encodeURIComponent(toFilterDate(from))}&to=${encodeURIComponent(toFilterDate(to))}`,
    )
    await page.getByRole('alert').filter({ hasText: 'This range is too long' }).waitFor()
    expect(await page.getByRole('table').count()).toBe(0)
  })
})

describe('targeting export', () => {
  test('requests an export, watches it finish and downloads it', async () => {
    const page = await signedIn()
    await visit(page, '/targeting-export')
    await page.getByRole('table', { name: /^Past exports/ }).waitFor()
    await screenshot(page, 'targeting-export-desktop')

    await page.getByRole('button', { name: 'Request export' }).click()
    const current = page.getByRole('region', { name: / to / }).filter({ has: page.getByRole('progressbar') })
    await current.getByRole('progressbar', { name: 'Export progress' }).waitFor()
    await expectAxeClean(page)
    await current.getByText(/^Ready: [\d,]+ customers\.$/).waitFor({ timeout: 20_000 })
    await expectAxeClean(page)
    await screenshot(page, 'targeting-export-ready-desktop')

    const file = await download(page, () => current.getByRole('button', { name: 'Download CSV' }).click())
    expect(file.name).toMatch(/^targeting-export-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv$/)
    const lines = file.text.split('\r\n')
    expect(lines[0]).toBe(
      'customer_id,name,email,program_id,orders,total_spent_usd,first_order_date,last_order_date,last_order_at_utc,time_zone',
    )
    const count = Number((await current.getByText(/^Ready:/).textContent())?.replace(/\D/g, ''))
    expect(lines.length - 2).toBe(count)
    await page.getByText(`Saved ${file.name}`, { exact: false }).waitFor()
  })
})

describe('at phone width', () => {
  test.each([
    ['settlement-report', '/settlement-report', 'Settlements'],
    ['targeting-export', '/targeting-export', 'Past exports'],
  ])('%s shows cards that fit and stay accessible', async (name, path, list) => {
    const page = await signedIn(phone)
    await visit(page, path)
    await page.getByRole('list', { name: list }).getByRole('listitem').first().waitFor()
    await expectAxeClean(page)
    // Nothing is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await screenshot(page, `${name}-phone`)
  })
})
