import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { desktop, launchBrowser, newPage, phone } from './support/browser'
import { screenshot, signIn } from './support/portal'
import { sandbox } from './support/sandbox'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const PALETTE = 'Go to a page or transaction'

/** The merchant's wall clock for an instant, as the export writes it. */
function denverTime(iso: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Denver',
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(new Date(iso))
}

async function firstTransactionId(page: Page): Promise<string> {
  const link = page.getByRole('table').getByRole('row').nth(1).getByRole('link').first()
  const id = (await link.textContent())?.trim() ?? ''
  expect(id).toMatch(/^TX-/)
  return id
}

describe('export and command palette', () => {
  test('exports the filtered transactions, page by page, to a CSV file', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')

    const filters = page.getByRole('search', { name: 'Filter transactions' })
    await filters.getByLabel('Status', { exact: true }).first().click()
    await page.getByRole('option', { name: 'Settled', exact: true }).click()
    await page.keyboard.press('Escape')
    await filters.getByRole('button', { name: /^Date/ }).click()
    await page.getByText('Last 30 days', { exact: true }).click()
    await page.waitForURL((url) => url.searchParams.has('status') && url.searchParams.has('from'))
    await page.waitForLoadState('networkidle')

    await page.getByRole('button', { name: 'Export CSV' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export transactions' })
    await dialog.waitFor()
    const intro = (await dialog.getByText(/match(es)? the current filters/).textContent()) ?? ''
    const total = Number(/^([\d,]+) transactions? match/.exec(intro)?.[1]?.replaceAll(',', ''))
    // More than one page of the platform's largest size, so the export really pages.
    expect(total).toBeGreaterThan(500)
    await dialog.getByLabel('Customer email').uncheck()
    await dialog.getByLabel('Channel').check()
    await expectAxeClean(page)
    await screenshot(page, 'export-dialog-desktop')

    // Slowed pages leave time to see the progress: "n of N transactions" and a bar.
    await sandbox.addFault({ method: 'GET', path: '/api/transactions', kind: 'delay', delayMs: 400 })
    const downloading = page.waitForEvent('download', { timeout: 30_000 })
    await dialog.getByRole('button', { name: 'Export CSV' }).click()
    await dialog
      .getByRole('status')
      .filter({ hasText: new RegExp(`^[1-9][\\d,]* of ${total.toLocaleString('en-US')} transactions$`) })
      .waitFor()
    await expect(
      dialog.getByRole('progressbar', { name: 'Export progress' }).getAttribute('aria-valuenow'),
    ).resolves.toMatch(/^[1-9]\d*$/)
    await expectAxeClean(page)
    await screenshot(page, 'export-progress-desktop')
    await sandbox.clearFaults()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^acme-outdoor-transactions-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = await readFile(await download.path(), 'utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const [header, ...rows] = text
      .slice(1)
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => line.split(','))
    expect(header).toEqual([
      'Date (America/Denver)',
      'Date (UTC)',
      'Transaction ID',
      'Order ID',
      'Customer name',
      'Program',
      'Channel',
      'Status',
      'Currency',
      'Authorized amount',
      'Settled amount',
      'Refunded amount',
    ])
    expect(rows).toHaveLength(total)
    expect(new Set(rows.map((row) => row[7]))).toEqual(new Set(['Settled']))
    expect(new Set(rows.map((row) => row[2])).size).toBe(total)
    for (const row of rows.slice(0, 50)) expect(row[0]).toBe(denverTime(row[1] ?? ''))
    await page
      .getByRole('status')
      .filter({
        hasText: `Saved ${total.toLocaleString('en-US')} transactions in ${download.suggestedFilename()}.`,
      })
      .waitFor()
  })

  test('jumps to a page and to a transaction with the keyboard alone', async () => {
    const page = await newPage(browser, desktop)
    await signIn(page, 'owner@acme.test')
    const id = await firstTransactionId(page)

    // Ctrl+K opens it; the first match is chosen as you type, and Enter goes there.
    await page.keyboard.press('Control+k')
    const dialog = page.getByRole('dialog', { name: PALETTE })
    await dialog.waitFor()
    const field = dialog.getByRole('combobox', { name: 'Page, transaction ID or order ID' })
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true)
    await expectAxeClean(page)
    await screenshot(page, 'command-palette-desktop')
    await page.keyboard.type('user')
    await dialog.getByRole('option', { name: 'User management', selected: true }).waitFor()
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/user-management')
    await dialog.waitFor({ state: 'detached' })

    // Cmd+K too; a transaction id opens the transaction's drawer.
    await page.keyboard.press('Meta+k')
    await dialog.waitFor()
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.type(id.toLowerCase())
    await dialog
      .getByRole('option', { name: new RegExp(`^Open transaction ${id}`), selected: true })
      .waitFor()
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/transactions' && url.searchParams.get('tx') === id)
    await page.getByRole('dialog', { name: `Transaction ${id}` }).waitFor()
    await page.waitForLoadState('networkidle')
    await expectAxeClean(page)
  })

  test('fits a phone, opened from the header button with the keyboard', async () => {
    const page = await newPage(browser, phone)
    await signIn(page, 'owner@acme.test')
    const button = page.getByRole('button', { name: 'Search pages and transactions' })
    await button.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: PALETTE })
    await dialog.waitFor()
    await page.keyboard.type('settings')
    await dialog.getByRole('option', { name: /^Account settings/ }).waitFor()
    await expectAxeClean(page)
    await screenshot(page, 'command-palette-phone')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/bank-information')
    // Closing returns the focus to the button that opened the palette.
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true)
  })
})
