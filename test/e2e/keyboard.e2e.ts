import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { launchBrowser, newPage } from './support/browser'
import { personaPassword } from './support/portal'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false)

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus. The locator only names what the user is
 * after; getting there is done by the keyboard alone, so a control missing from the tab order, or hidden
 * behind an endless one, fails here.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 150 } = {}): Promise<void> {
  await target.first().waitFor()
  for (let press = 0; press < max; press++) {
    if (await isFocused(target.first())) return
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`${target} was not reached in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`)
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field)
  await page.keyboard.type(text)
}

/** Opens the focused list box with the arrow key and walks down to the option, then chooses it. */
async function chooseOption(page: Page, option: Locator): Promise<void> {
  await page.keyboard.press('ArrowDown')
  await option.waitFor()
  for (let press = 0; press < 30; press++) {
    if ((await option.getAttribute('data-combobox-selected')) !== null) break
    await page.keyboard.press('ArrowDown')
  }
  await page.keyboard.press('Enter')
}

describe('keyboard only', () => {
  test('sign in, filter, refund part of a transaction, create a cart and sign out without a mouse', async () => {
    const page = await newPage(browser)

    // Sign in.
    await page.goto('/login', { waitUntil: 'networkidle' })
    await tabTo(page, page.getByRole('button', { name: 'Sign in' }))
    await page.keyboard.press('Enter')
    await page.getByLabel('Username').waitFor()
    await typeInto(page, page.getByLabel('Username'), 'owner@acme.test')
    await typeInto(page, page.getByLabel('Password'), personaPassword)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/transactions')
    await page.getByRole('table').waitFor()

    // Filter the transactions to settled ones.
    const filters = page.getByRole('search', { name: 'Filter transactions' })
    await tabTo(page, filters.getByRole('combobox', { name: 'Status' }))
    await chooseOption(page, page.getByRole('option', { name: 'Settled', exact: true }))
    await page.keyboard.press('Escape')
    await page.waitForURL((url) => url.searchParams.get('status')?.includes('SETTLED') ?? false)
    const table = page.getByRole('table')
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(2)
    await page.waitForLoadState('networkidle')

    // Open the first one and refund $10.00 of it.
    const link = table.getByRole('row').nth(1).getByRole('link').first()
    await tabTo(page, link)
    await page.keyboard.press('Enter')
    // The row under the focus is the one opened, whatever the table shows by then.
    await page.waitForURL((url) => url.searchParams.has('tx'))
    const id = new URL(page.url()).searchParams.get('tx') ?? ''
    const drawer = page.getByRole('dialog', { name: `Transaction ${id}` })
    await drawer.waitFor()
    await tabTo(page, drawer.getByRole('button', { name: 'Refund' }))
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: `Refund transaction ${id}` })
    await dialog.waitFor()
    // Arrow keys move the choice within the radio group, as in any native radio group.
    await tabTo(page, dialog.getByRole('radio', { checked: true }))
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => dialog.getByRole('radio', { name: 'Part of it' }).isChecked()).toBe(true)
    await typeInto(page, dialog.getByLabel('Amount to refund'), '10.00')
    await tabTo(page, dialog.getByRole('button', { name: 'Refund $10.00' }))
    await page.keyboard.press('Enter')
    await page
      .getByRole('status')
      .filter({ hasText: `Refunded $10.00 on ${id}` })
      .waitFor()
    await dialog.waitFor({ state: 'detached' })
    await expectAxeClean(page)
    // Escape closes the drawer and gives the focus back to the page.
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })

    // Go to carts through the navigation and create one.
    await tabTo(page, page.getByRole('navigation').getByRole('link', { name: 'Carts' }))
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Carts' }).waitFor()
    await tabTo(page, page.getByRole('link', { name: 'Create cart' }))
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Create cart' }).waitFor()
    await typeInto(page, page.getByLabel('Customer name'), 'Ada Lovelace')
    await typeInto(page, page.getByLabel('Email'), 'ada@example.com')
    const item = page.getByRole('group', { name: 'Item 1' })
    await typeInto(page, item.getByLabel('Item name'), 'Trail Stove')
    await tabTo(page, item.getByLabel('Quantity'))
    await page.keyboard.press('Control+A')
    await page.keyboard.type('1')
    await typeInto(page, item.getByLabel('Unit price'), '89.50')
    await typeInto(page, page.getByLabel('Street address'), '1 Main St')
    await typeInto(page, page.getByLabel('City'), 'Denver')
    await typeInto(page, page.getByRole('combobox', { name: 'State' }), 'CO')
    await chooseOption(page, page.getByRole('option', { name: 'CO' }))
    await typeInto(page, page.getByLabel('ZIP code'), '80202')
    await tabTo(page, page.getByRole('button', { name: 'Create cart' }))
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: /^Cart AO-C-\d+$/ }).waitFor()
    await expectAxeClean(page)

    // Sign out from the account menu.
    await tabTo(page, page.getByRole('button', { name: 'Account menu' }), { backwards: true })
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor()
    for (let press = 0; press < 10; press++) {
      if (await isFocused(page.getByRole('menuitem', { name: 'Sign out' }))) break
      await page.keyboard.press('ArrowDown')
    }
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/login')
  })
})
