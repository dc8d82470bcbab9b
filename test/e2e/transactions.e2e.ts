import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { desktop, launchBrowser, newPage, phone } from './support/browser'
import { screenshot, signIn } from './support/portal'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('transactions', () => {
  test('filter to settled ones, open one, refund part of it', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')

    await page
      .getByRole('search', { name: 'Filter transactions' })
      .getByLabel('Status', { exact: true })
      .first()
      .click()
    await page.getByRole('option', { name: 'Settled', exact: true }).click()
    await page.keyboard.press('Escape')
    await page.waitForURL((url) => url.searchParams.has('status'))
    const table = page.getByRole('table')
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(2)
    await page.waitForLoadState('networkidle')
    await expectAxeClean(page)

    const firstId = table.getByRole('row').nth(1).getByRole('link').first()
    const id = (await firstId.textContent())?.trim() ?? ''
    expect(id).toMatch(/^TX-/)
    await firstId.click()
    const drawer = page.getByRole('dialog', { name: `Transaction ${id}` })
    await drawer.waitFor()
    await expectAxeClean(page)
    await screenshot(page, 'transaction-drawer-desktop')

    await drawer.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Refund' }).click()
    const dialog = page.getByRole('dialog', { name: `Refund transaction ${id}` })
    await dialog.waitFor()
    await dialog.getByLabel('Part of it').check()
    await dialog.getByLabel('Amount to refund').fill('10.00')
    await expectAxeClean(page)
    await dialog.getByRole('button', { name: 'Refund $10.00' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Refunded $10.00 on ${id}` })
      .waitFor()
    await drawer.getByText('Timeline').waitFor()
  })

  test.each([
    ['desktop', desktop],
    ['phone', phone],
  ])('looks right at %s width', async (name, viewport) => {
    const page = await newPage(browser, viewport)
    await signIn(page, 'owner@acme.test')
    // A phone lists the transactions as cards.
    await (name === 'phone'
      ? page.getByRole('list', { name: 'Transactions' })
      : page.getByRole('table')
    ).waitFor()
    await screenshot(page, `transactions-${name}`)
  })
})
