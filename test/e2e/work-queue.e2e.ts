import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { launchBrowser, newPage, phone } from './support/browser'
import { pdf } from './support/pdf'
import { screenshot, signIn } from './support/portal'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('the work queue', () => {
  test('Needs action lists what is due, nearest deadline first; a dispute is challenged with a file', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    const summary = page.getByRole('region', { name: 'Summary of matching transactions' })
    const needsAction = summary.getByRole('button', { name: /^Needs action/ })
    await needsAction.click()
    await page.waitForURL((url) => url.searchParams.get('needsAction') === 'true')
    await expect.poll(() => needsAction.getAttribute('aria-pressed')).toBe('true')
    const table = page.getByRole('table')
    await table.getByRole('columnheader', { name: /Deadline/ }).waitFor()
    const rows = table.getByRole('row')
    // Once the view's rows are in (the previous rows stay, dimmed, meanwhile), every row has a deadline.
    await expect
      .poll(async () => {
        const count = await rows.count()
        return count > 2 && (await rows.filter({ hasText: /Respond by|Expires/ }).count()) === count - 1
      })
      .toBe(true)
    await page.waitForLoadState('networkidle')
    await expectAxeClean(page)
    await screenshot(page, 'needs-action-desktop')

    // A dispute awaiting a response: its section in the drawer, then a challenge with one file.
    const disputed = rows.filter({ hasText: 'Respond by' }).first()
    const link = disputed.getByRole('link').first()
    const id = (await link.textContent())?.trim() ?? ''
    expect(id).toMatch(/^TX-/)
    await link.click()
    const drawer = page.getByRole('dialog', { name: `Transaction ${id}` })
    const dispute = drawer.getByRole('region', { name: /^Dispute/ })
    await dispute.getByText('Dispute opened').waitFor()
    await expectAxeClean(page)
    await screenshot(page, 'dispute-drawer-desktop')

    await dispute.getByRole('button', { name: 'Challenge' }).click()
    const form = dispute.getByRole('form', { name: 'Challenge the dispute' })
    await form
      .getByRole('textbox', { name: /Your explanation/ })
      .fill('The order was delivered on time and signed for; the tracking record is attached.')
    await form.locator('input[type="file"]').setInputFiles({
      name: 'tracking.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(300_000),
    })
    await form.getByRole('list', { name: 'Chosen files' }).getByText('tracking.pdf').waitFor()
    await expectAxeClean(page)
    await screenshot(page, 'dispute-challenge-desktop')
    await form.getByRole('button', { name: 'Send challenge' }).click()
    await page.getByText(`Sent your challenge of the dispute on ${id}.`).waitFor({ timeout: 20_000 })
    await dispute.getByText('Under review').first().waitFor()
    await page.keyboard.press('Escape')

    // At phone width the filters fold behind one control; the view is still Needs action.
    await page.setViewportSize(phone)
    await page.getByRole('button', { name: /^Filters/ }).waitFor()
    await page.getByRole('list', { name: 'Transactions' }).waitFor()
    await page.waitForLoadState('networkidle')
    await expectAxeClean(page)
    await screenshot(page, 'needs-action-phone')

    // Another dispute awaiting a response, answered from a phone: the drawer fills the screen.
    const cards = page.getByRole('list', { name: 'Transactions' })
    const next = cards.getByRole('listitem').filter({ hasText: 'Respond by' }).first()
    const nextId = (await next.getByRole('link').first().textContent())?.trim() ?? ''
    expect(nextId).toMatch(/^TX-/)
    expect(nextId).not.toBe(id)
    await next.getByRole('link').first().click()
    const phoneDrawer = page.getByRole('dialog', { name: `Transaction ${nextId}` })
    const phoneDispute = phoneDrawer.getByRole('region', { name: /^Dispute/ })
    await phoneDispute.getByText('Dispute opened').waitFor()
    await expectAxeClean(page)
    await screenshot(page, 'dispute-drawer-phone')
    await phoneDispute.getByRole('button', { name: 'Challenge' }).click()
    await phoneDispute.getByRole('form', { name: 'Challenge the dispute' }).waitFor()
    await expectAxeClean(page)
    await screenshot(page, 'dispute-challenge-phone')
  })
})
