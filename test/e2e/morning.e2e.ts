import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { launchBrowser, newPage } from './support/browser'
import { settleTwentyOneRefused } from './support/bulk-settle'
import { pdf } from './support/pdf'
import { screenshot, signIn } from './support/portal'
import { sandbox } from './support/sandbox'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe("a merchant's morning", () => {
  test('open Needs action, settle 20 in bulk with one refused, answer a dispute with a file, save the view, reload and reopen it', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')

    // What needs action: the count in the summary opens the view, nearest deadline first.
    const summary = page.getByRole('region', { name: 'Summary of matching transactions' })
    await summary.getByRole('button', { name: /^Needs action/ }).click()
    await page.waitForURL((url) => url.searchParams.get('needsAction') === 'true')
    const table = page.getByRole('table')
    await table.getByRole('columnheader', { name: /Deadline/ }).waitFor()
    const rows = table.getByRole('row')
    await expect
      .poll(async () => {
        const count = await rows.count()
        return count > 21 && (await rows.filter({ hasText: /Respond by|Expires/ }).count()) === count - 1
      })
      .toBe(true)

    // Yesterday's shipped orders: the open authorizations, from the summary's count; twenty ticked with a
    // Shift-click range, one refused by the platform.
    const needsAction = summary.getByRole('button', { name: /^Needs action/ })
    await needsAction.click()
    await page.waitForURL((url) => url.searchParams.get('needsAction') === null)
    await summary.getByRole('button', { name: /^Authorized/ }).click()
    await page.waitForURL((url) => url.searchParams.get('status') === JSON.stringify(['AUTHORIZED']))
    await expect
      .poll(
        async () => (await rows.count()) > 21 && (await rows.filter({ hasText: 'Settled' }).count()) === 0,
      )
      .toBe(true)
    const authorizations = rows.filter({ hasText: 'Authorized' })
    const boxes = authorizations.getByRole('checkbox', { name: /^Select transaction / })
    await boxes.nth(0).click()
    await boxes.nth(19).click({ modifiers: ['Shift'] })
    const bar = page.getByRole('region', { name: 'Bulk actions' })
    await bar.getByRole('status').getByText('20 selected').waitFor()
    const refusedId = ((await authorizations.nth(4).getByRole('link').first().textContent()) ?? '').trim()
    expect(refusedId).toMatch(/^TX-/)
    const dialog = await settleTwentyOneRefused(page, refusedId, { results: 'morning-bulk-results-desktop' })
    await dialog.getByRole('button', { name: 'Close' }).click()
    // Each of the twenty was sent once: the refused one stays in the view, the others leave it.
    const settles = await sandbox.requests({ method: 'POST' })
    expect(
      settles.filter((request) => /\/api\/transactions\/TX-[^/]+\/settle$/.test(request.path)),
    ).toHaveLength(20)
    await table.getByRole('link', { name: refusedId }).waitFor()

    // A dispute awaiting a response, from Needs action again, challenged with a file.
    await summary.getByRole('button', { name: /^Authorized/ }).click()
    await needsAction.click()
    await page.waitForURL(
      (url) => url.searchParams.get('needsAction') === 'true' && !url.searchParams.has('status'),
    )
    await table.getByRole('columnheader', { name: /Deadline/ }).waitFor()
    const disputed = rows.filter({ hasText: 'Respond by' }).first()
    const link = disputed.getByRole('link').first()
    const id = ((await link.textContent()) ?? '').trim()
    expect(id).toMatch(/^TX-/)
    await link.click()
    const drawer = page.getByRole('dialog', { name: `Transaction ${id}` })
    const dispute = drawer.getByRole('region', { name: /^Dispute/ })
    await dispute.getByRole('button', { name: 'Challenge' }).click()
    const form = dispute.getByRole('form', { name: 'Challenge the dispute' })
    await form
      .getByRole('textbox', { name: /Your explanation/ })
      .fill('Delivered and signed for on the promised day; the carrier’s proof of delivery is attached.')
    await form.locator('input[type="file"]').setInputFiles({
      name: 'proof-of-delivery.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(120_000),
    })
    await form.getByRole('list', { name: 'Chosen files' }).getByText('proof-of-delivery.pdf').waitFor()
    await form.getByRole('button', { name: 'Send challenge' }).click()
    await page.getByText(`Sent your challenge of the dispute on ${id}.`).waitFor({ timeout: 20_000 })
    await dispute.getByText('Under review').first().waitFor()
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })

    // The view saved under a name, then found again after a reload.
    await page.getByRole('button', { name: 'Views' }).click()
    await page.getByRole('menuitem', { name: 'Save current view…' }).click()
    const save = page.getByRole('dialog', { name: 'Save current view' })
    await save.getByRole('textbox', { name: 'Name' }).fill('Morning queue')
    await save.getByRole('button', { name: 'Save view' }).click()
    await save.waitFor({ state: 'detached' })
    await page.goto('/transactions', { waitUntil: 'networkidle' })
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    expect(new URL(page.url()).searchParams.get('needsAction')).toBeNull()
    await page.reload({ waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Views' }).click()
    await page.getByRole('menuitem', { name: 'Morning queue' }).click()
    await page.waitForURL((url) => url.searchParams.get('needsAction') === 'true')
    await table.getByRole('columnheader', { name: /Deadline/ }).waitFor()
    // The answered dispute awaits the merchant no more: the view has the others, not it.
    await rows.filter({ hasText: 'Respond by' }).first().waitFor()
    expect(await table.getByRole('link', { name: id }).count()).toBe(0)
    await expectAxeClean(page)
    await screenshot(page, 'morning-view-reopened-desktop')
  })
})
