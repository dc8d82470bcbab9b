import type { Browser, Locator, Page } from 'playwright-core'
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

// The address holds a list as JSON: status=["SETTLED"].
const searchOf = (page: Page) => new URL(page.url()).searchParams

async function openViewsMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Views', exact: true }).click()
  const menu = page.getByRole('menu')
  await menu.getByRole('menuitem', { name: 'Save current view…' }).waitFor()
  return menu
}

async function manageViews(page: Page): Promise<Locator> {
  const menu = await openViewsMenu(page)
  await menu.getByRole('menuitem', { name: 'Manage views…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Saved views' })
  await dialog.waitFor()
  return dialog
}

/** Sets Settled, the last 30 days and the Program column, as a merchant checking yesterday's sales would. */
async function setFilters(page: Page): Promise<void> {
  const filters = page.getByRole('search', { name: 'Filter transactions' })
  await filters.getByLabel('Status', { exact: true }).first().click()
  await page.getByRole('option', { name: 'Settled', exact: true }).click()
  await page.keyboard.press('Escape')
  await filters.getByRole('button', { name: /^Date/ }).click()
  await page.getByText('Last 30 days', { exact: true }).click()
  await page.waitForURL((url) => url.searchParams.has('status') && url.searchParams.has('from'))
  await page.getByRole('button', { name: 'Columns' }).click()
  await page.getByRole('checkbox', { name: 'Program' }).check()
  await page.waitForURL((url) => url.searchParams.has('columns'))
  await page.keyboard.press('Escape')
}

/** The view's filters are in the address and the chosen column is in the table. */
async function expectSettledView(page: Page, from: string | null): Promise<void> {
  await page.waitForURL((url) => url.searchParams.get('status') === '["SETTLED"]')
  expect(searchOf(page).get('from')).toBe(from)
  expect(searchOf(page).get('columns')).toBe('["program"]')
  await page.getByRole('table').getByRole('columnheader', { name: 'Program' }).waitFor()
}

describe('saved views', () => {
  test('save, reopen, make default, rename, share and delete a view', async () => {
    const page = await newPage(browser, desktop, { permissions: ['clipboard-read', 'clipboard-write'] })
    await signIn(page, 'owner@acme.test')
    await page.getByRole('table').waitFor()
    await setFilters(page)
    const from = searchOf(page).get('from')

    // The menu, open, is axe-clean; then the save dialog.
    const menu = await openViewsMenu(page)
    await page.waitForLoadState('networkidle')
    await expectAxeClean(page)
    await screenshot(page, 'saved-views-menu-desktop')
    await menu.getByRole('menuitem', { name: 'Save current view…' }).click()
    const save = page.getByRole('dialog', { name: 'Save current view' })
    const name = save.getByRole('textbox', { name: /^Name/ })
    await name.fill('Settled this month')
    await expectAxeClean(page)
    await screenshot(page, 'saved-views-save-desktop')
    // Crossing the phone width (a window narrowed, a tablet turned) keeps the dialog and what was typed.
    await page.setViewportSize(phone)
    await page.getByRole('button', { name: /^Filters/ }).waitFor()
    expect(await name.inputValue()).toBe('Settled this month')
    await page.setViewportSize(desktop)
    await page.getByRole('search', { name: 'Filter transactions' }).waitFor()
    expect(await name.inputValue()).toBe('Settled this month')
    await save.getByRole('button', { name: 'Save view' }).click()
    await save.waitFor({ state: 'detached' })

    // After a reload, on the plain list, the menu reopens the view with its filters and columns.
    await page.reload({ waitUntil: 'networkidle' })
    await page.goto('/transactions', { waitUntil: 'networkidle' })
    expect(searchOf(page).has('status')).toBe(false)
    await (await openViewsMenu(page)).getByRole('menuitem', { name: 'Settled this month' }).click()
    await expectSettledView(page, from)

    // Made the default, it is what a plain /transactions opens.
    let dialog = await manageViews(page)
    await dialog.getByRole('button', { name: 'Make Settled this month the default' }).click()
    await dialog.getByRole('button', { name: 'Stop opening Settled this month by default' }).waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await page.goto('/transactions', { waitUntil: 'networkidle' })
    await expectSettledView(page, from)

    // Renamed, then its link copied and opened in another page of the same browser.
    dialog = await manageViews(page)
    await dialog.getByRole('button', { name: 'Rename Settled this month' }).click()
    await dialog.getByRole('textbox', { name: /^New name for Settled this month/ }).fill('Month settled')
    await dialog.getByRole('button', { name: 'Rename', exact: true }).click()
    await dialog.getByText('Month settled', { exact: true }).waitFor()
    await dialog.getByRole('button', { name: 'Copy link to Month settled' }).click()
    await dialog.getByRole('status').filter({ hasText: 'Link to “Month settled” copied.' }).waitFor()
    const link = await page.evaluate(() => navigator.clipboard.readText())
    expect(new URL(link).pathname).toBe('/transactions')
    const other = await page.context().newPage()
    await other.goto(link, { waitUntil: 'networkidle' })
    await expectSettledView(other, from)
    await other.close()

    // Deleted (confirmed), it leaves the menu, and a plain /transactions is the plain list again.
    await dialog.getByRole('button', { name: 'Delete Month settled' }).click()
    await dialog.getByRole('button', { name: 'Delete view' }).click()
    await dialog.getByText('No saved views yet.').waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await page.goto('/transactions', { waitUntil: 'networkidle' })
    expect(searchOf(page).has('status')).toBe(false)
    const emptied = await openViewsMenu(page)
    await emptied.getByText('No saved views yet.').waitFor()
    await page.keyboard.press('Escape')
  })

  test('a view whose filters no longer all apply opens with the rest and says which', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    await page.getByRole('table').waitFor()
    const menu = await openViewsMenu(page)
    await menu.getByRole('menuitem', { name: 'Save current view…' }).click()
    const save = page.getByRole('dialog', { name: 'Save current view' })
    await save.getByRole('textbox', { name: /^Name/ }).fill('Plain')
    await save.getByRole('button', { name: 'Save view' }).click()
    await save.waitFor({ state: 'detached' })

    // A view saved when a status and a program existed that are gone now, as stored by an older release.
    await page.evaluate(() => {
      const [saved] = JSON.parse(localStorage.getItem('mp:savedViews') ?? '[]')
      const old = {
        ...saved,
        id: 'old-habits',
        name: 'Old habits',
        filters: { status: ['SETTLED', 'ON_HOLD'], programs: ['retired-program'] },
      }
      localStorage.setItem('mp:savedViews', JSON.stringify([saved, old]))
    })
    await page.reload({ waitUntil: 'networkidle' })
    await (await openViewsMenu(page)).getByRole('menuitem', { name: 'Old habits' }).click()
    await page.waitForURL((url) => url.searchParams.get('status') === '["SETTLED"]')
    const notice = page.getByRole('alert').filter({ hasText: 'The view “Old habits” opened in part' })
    await notice
      .getByText("Some of this view's filters no longer apply: Status: ON_HOLD, Program: retired-program.")
      .waitFor()
    await page.waitForLoadState('networkidle')
    await expectAxeClean(page)
    await screenshot(page, 'saved-views-stale-desktop')
  })

  test('at phone width the menu sits beside Filters; the menu and the save dialog', async () => {
    const page = await newPage(browser, phone)
    await signIn(page, 'owner@acme.test')
    await page.getByRole('list', { name: 'Transactions' }).waitFor()
    const menu = await openViewsMenu(page)
    await page.waitForLoadState('networkidle')
    await expectAxeClean(page)
    await screenshot(page, 'saved-views-menu-phone')
    await menu.getByRole('menuitem', { name: 'Save current view…' }).click()
    const save = page.getByRole('dialog', { name: 'Save current view' })
    await save.getByRole('textbox', { name: /^Name/ }).fill('At the counter')
    await expectAxeClean(page)
    await screenshot(page, 'saved-views-save-phone')
    await save.getByRole('button', { name: 'Save view' }).click()
    await save.waitFor({ state: 'detached' })
    await (await openViewsMenu(page)).getByRole('menuitem', { name: 'At the counter' }).waitFor()
  })
})
