import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { desktop, launchBrowser, newPage, phone } from './support/browser'
import { personaPassword, screenshot, visit } from './support/portal'
import { sandbox } from './support/sandbox'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/**
 * Signs in by opening `path` signed out: the portal remembers it and comes back to it after the
 * identity provider, so the spec starts on its own page.
 */
async function signInAt(page: Page, username: string, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' })
  await page.waitForURL((url) => url.pathname === '/login')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(personaPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname === new URL(path, 'http://x').pathname)
  await page.waitForLoadState('networkidle')
}

/**
 * Reads the current alert and closes it. The shared SUCCESS alert (white on teal) is below 4.5:1 and
 * reported separately; closing it keeps axe on this spec's own pages.
 */
async function closeAlert(page: Page, text: RegExp): Promise<void> {
  const alert = page.getByRole('status').filter({ hasText: text })
  await alert.waitFor()
  await alert.getByRole('button', { name: 'Close alert' }).click()
  await alert.waitFor({ state: 'detached' })
}

/** Desktop and phone screenshots of the page as it is, checked with axe at both widths. */
async function shoot(page: Page, name: string): Promise<void> {
  // A full-page capture draws the fixed header where the page is scrolled to; start at the top.
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectAxeClean(page)
  await screenshot(page, `${name}-desktop`)
  await page.setViewportSize(phone)
  await page.waitForTimeout(150)
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectAxeClean(page)
  // A phone page never scrolls sideways as a whole; wide tables scroll inside their own box.
  const wide = await page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - window.innerWidth
    // The outermost elements sticking out, to name in the failure.
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .filter(
        (element) =>
          !element.parentElement ||
          element.parentElement.getBoundingClientRect().right <= window.innerWidth + 1,
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.textContent?.slice(0, 40)}"`,
      )
    return { overflow, culprits }
  })
  expect(wide.overflow, `${name} is wider than the phone: ${wide.culprits.join('; ')}`).toBeLessThanOrEqual(0)
  await screenshot(page, `${name}-phone`)
  await page.setViewportSize(desktop)
}

describe('carts', () => {
  test('create a cart, send its link, and expire it', async () => {
    const page = await newPage(browser)
    await signInAt(page, 'owner@acme.test', '/carts')
    await visit(page, '/carts')
    await page.getByRole('heading', { level: 1, name: 'Carts' }).waitFor()
    await page.getByRole('table').waitFor()
    await shoot(page, 'carts-list')

    await page.getByRole('link', { name: 'Create cart' }).click()
    await page.getByRole('heading', { level: 1, name: 'Create cart' }).waitFor()
    await expectAxeClean(page)

    // Submitting the empty form flags the fields and keeps focus in the form.
    await page.getByRole('button', { name: 'Create cart' }).click()
    await expect.poll(() => page.getByText('Required.').count()).toBeGreaterThan(3)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('id') ?? ''))
      .toMatch(/customer-name/)
    await shoot(page, 'cart-create-errors')

    await page.getByLabel('Customer name').fill('Rosa Parks')
    await page.getByLabel('Email').fill('rosa.parks@example.com')
    await page.getByLabel('Mobile phone (optional)').fill('(303) 555-0142')
    const item1 = page.getByRole('group', { name: 'Item 1' })
    await item1.getByLabel('Item name').fill('Ridgeline 3-Person Tent')
    await item1.getByLabel('SKU (optional)').fill('TNT-RDG-3P')
    await item1.getByLabel('Quantity').fill('2')
    await item1.getByLabel('Unit price').fill('429')
    await page.getByRole('button', { name: 'Add item' }).click()
    const item2 = page.getByRole('group', { name: 'Item 2' })
    await item2.getByLabel('Item name').fill('Water Filter')
    await item2.getByLabel('Unit price').fill('44.95')
    await page.getByRole('button', { name: 'Add discount' }).click()
    const discount = page.getByRole('group', { name: 'Discount 1' })
    await discount.getByLabel('Description').fill('Spring sale')
    await discount.getByLabel('Amount off').fill('50')
    await page.getByLabel('Shipping', { exact: true }).fill('14.95')
    await page.getByLabel('Tax', { exact: true }).fill('60')
    await page.getByLabel('Street address').fill('1 Main St')
    await page.getByLabel('City').fill('Denver')
    await page.getByRole('combobox', { name: 'State' }).fill('CO')
    await page.getByRole('option', { name: 'CO' }).click()
    await page.getByLabel('ZIP code').fill('80202')
    await expect.poll(() => page.getByLabel('Totals').textContent()).toContain('$927.90')
    await shoot(page, 'cart-create-filled')

    await page.getByRole('button', { name: 'Create cart' }).click()
    await page.getByRole('heading', { level: 1, name: /^Cart AO-C-\d+$/ }).waitFor()
    await closeAlert(page, /^Cart AO-C-\d+ created/)
    await page.getByRole('img', { name: 'QR code of the checkout link' }).waitFor()
    await shoot(page, 'cart-view-open')

    await page.getByRole('button', { name: 'Send link' }).click()
    const notify = page.getByRole('dialog', { name: 'Send the cart link' })
    await notify.getByRole('checkbox', { name: /^Text message to/ }).check()
    await expectAxeClean(page)
    await screenshot(page, 'cart-notify-dialog-desktop')
    await notify.getByRole('button', { name: 'Send link' }).click()
    await notify.waitFor({ state: 'detached' })
    await page.getByText('Link sent', { exact: true }).waitFor()
    await closeAlert(page, /^Link to cart AO-C-\d+ sent to rosa.parks@example.com, \(303\) 555-0142\.$/)
    const sent = await sandbox.outbox({ kind: 'CART_LINK' })
    expect(sent.map((message) => [message.channel, message.to]).sort()).toEqual([
      ['EMAIL', 'rosa.parks@example.com'],
      ['SMS', '+13035550142'],
    ])

    await page.getByRole('button', { name: 'Expire' }).click()
    const confirm = page.getByRole('dialog', { name: /^Expire cart AO-C-\d+\?$/ })
    await expectAxeClean(page)
    await screenshot(page, 'cart-expire-dialog-desktop')
    await confirm.getByRole('button', { name: 'Expire cart' }).click()
    await confirm.waitFor({ state: 'detached' })
    await page.getByText(/This cart has expired/).waitFor()
    await closeAlert(page, /^Cart AO-C-\d+ expired\.$/)
    for (const name of ['Send again', 'Edit', 'Expire', 'Copy link']) {
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0)
    }
    await shoot(page, 'cart-view-expired')
  })

  test('a read-only user sees carts without any control to change them', async () => {
    const page = await newPage(browser)
    await signInAt(page, 'viewer@acme.test', '/carts?status=OPEN')
    await visit(page, '/carts?status=OPEN')
    await page.getByRole('table').waitFor()
    expect(await page.getByRole('link', { name: 'Create cart' }).count()).toBe(0)
    await page.getByRole('table').getByRole('link').first().click()
    await page.getByRole('heading', { level: 1, name: /^Cart / }).waitFor()
    await page.getByRole('button', { name: 'Copy link' }).waitFor()
    for (const name of ['Send link', 'Edit', 'Expire']) {
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0)
    }
    await shoot(page, 'cart-view-viewer')
  })
})
