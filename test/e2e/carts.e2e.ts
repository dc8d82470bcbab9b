import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { launchBrowser, newPage } from './support/browser'
import { screenshot, visit } from './support/portal'
import { sandbox } from './support/sandbox'
import { closeAlert, shoot, signInAt } from './support/steps'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

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

    // Editing is a page of its own: its address opens the form, Cancel goes back to the cart.
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: /^Edit cart AO-C-\d+$/ }).waitFor()
    expect(new URL(page.url()).pathname).toMatch(/^\/carts\/[^/]+\/edit$/)
    await shoot(page, 'cart-edit')
    // An edit not saved is not lost to the back button: the page asks, and Keep editing keeps it.
    await page.getByLabel('Customer name').fill('Rosa L. Parks')
    await page.goBack()
    const leave = page.getByRole('dialog', { name: 'Discard unsaved changes?' })
    await leave
      .getByText('You changed this cart without saving it. If you leave now, your changes are lost.')
      .waitFor()
    await expectAxeClean(page)
    await screenshot(page, 'cart-edit-unsaved-desktop')
    await leave.getByRole('button', { name: 'Keep editing' }).click()
    await leave.waitFor({ state: 'detached' })
    expect(await page.getByLabel('Customer name').inputValue()).toBe('Rosa L. Parks')
    expect(new URL(page.url()).pathname).toMatch(/^\/carts\/[^/]+\/edit$/)
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    await leave.getByRole('button', { name: 'Discard changes' }).click()
    await page.getByRole('heading', { level: 1, name: /^Cart AO-C-\d+$/ }).waitFor()
    await page.getByText('Rosa Parks', { exact: true }).first().waitFor()

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

    // The edit page's address, typed in, is refused by the router.
    await visit(page, `${new URL(page.url()).pathname}/edit`)
    await page.getByText(/You do not have permissions to view this page/).waitFor()
    await expectAxeClean(page)
  })
})
