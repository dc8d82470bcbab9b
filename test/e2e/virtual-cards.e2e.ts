import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { expectAxeClean } from './support/axe'
import { desktop, launchBrowser, newPage, phone } from './support/browser'
import { screenshot, signIn } from './support/portal'
import { sandbox } from './support/sandbox'
import { resize } from './support/steps'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** Desktop and phone screenshots of the page as it is, checked with axe at both widths. */
async function shoot(page: Page, name: string): Promise<void> {
  await expectAxeClean(page)
  await screenshot(page, `${name}-desktop`)
  await resize(page, phone)
  await expectAxeClean(page)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${name} is wider than the phone`).toBeLessThanOrEqual(0)
  await screenshot(page, `${name}-phone`)
  await page.setViewportSize(desktop)
}

/** Acme Outdoor's issued cards, as the platform lists them. */
async function issuedCards(): Promise<{ total: number; newest?: { last4: string; amount: number } }> {
  const { portalToken } = await sandbox.session('ops@provider.test', MERCHANT_IDS.acme)
  const response = await fetch(`${inject('apiUrl')}/api/merchant/${MERCHANT_IDS.acme}/virtual-cards`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2', Accept: 'application/json' },
  })
  const body = (await response.json()) as {
    data: { items: { last4: string; amount: number }[]; pagination: { total: number } }
  }
  return { total: body.data.pagination.total, newest: body.data.items[0] }
}

describe('virtual cards', () => {
  test('provider staff issue a card for Acme Outdoor, reveal it and copy its number', async () => {
    const page = await newPage(browser, desktop, { permissions: ['clipboard-read', 'clipboard-write'] })
    await signIn(page, 'ops@provider.test')
    await page.getByRole('heading', { level: 1, name: 'Choose a merchant' }).waitFor()
    await page.getByRole('main').getByLabel('Merchant', { exact: true }).click()
    await page.getByRole('option', { name: 'Acme Outdoor' }).click()
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    const section = page.getByRole('region', { name: 'In-store virtual cards' })
    await section.getByRole('listitem').first().waitFor()
    await page.getByRole('table').waitFor()
    const before = await issuedCards()
    await shoot(page, 'virtual-cards-section')

    await section.getByRole('button', { name: 'Issue virtual card' }).click()
    const dialog = page.getByRole('dialog', { name: 'Issue a virtual card' })
    await dialog.waitFor()
    // The amount field has the focus, and says what is wrong as you type.
    await page.keyboard.type('12500')
    await dialog.getByText('A card is for at most $10,000.00.').waitFor()
    await shoot(page, 'virtual-card-form-error')
    await dialog.getByLabel('Amount').fill('249.99')
    await dialog.getByRole('button', { name: 'Issue card' }).click()

    const issued = page.getByRole('dialog', { name: 'Virtual card issued' })
    await issued.waitFor()
    const after = await issuedCards()
    expect(after.total).toBe(before.total + 1)
    expect(after.newest?.amount).toBe(249_99)
    const last4 = after.newest?.last4 ?? ''
    const number = issued.getByTestId('card-number')
    expect(await number.textContent()).toBe(`•••• •••• •••• ${last4}`)
    await shoot(page, 'virtual-card-issued')

    await issued.getByRole('button', { name: 'Reveal card details' }).click()
    const shown = (await number.textContent()) ?? ''
    expect(shown).toMatch(/^4000 00\d\d \d{4} \d{4}$/)
    expect(shown.endsWith(last4)).toBe(true)
    await issued.getByText(/Hidden again in \d+ seconds?\./).waitFor()
    await issued.getByRole('button', { name: 'Copy card number' }).click()
    await issued.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.replaceAll(' ', ''))
    await shoot(page, 'virtual-card-revealed')

    // Closing the dialog puts the number away; only the last four digits stay on the page.
    await issued.getByRole('button', { name: 'Done' }).click()
    await issued.waitFor({ state: 'detached' })
    await expect.poll(() => section.getByRole('listitem').first().textContent()).toContain(last4)
    expect(await page.content()).not.toContain(shown)
    await expectAxeClean(page)
  })

  test('the owner of Acme Outdoor, without the issuing scope, has no such controls', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    await page.getByRole('table').waitFor()
    expect(await page.getByRole('button', { name: 'Issue virtual card' }).count()).toBe(0)
    expect(await page.getByRole('region', { name: 'In-store virtual cards' }).count()).toBe(0)
  })
})
