import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { launchBrowser, newPage } from './support/browser'
import { signIn, visit } from './support/portal'
import { sandbox } from './support/sandbox'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

afterEach(async () => {
  await Promise.all(browser.contexts().map((context) => context.close()))
})

async function asOwner<T>(path: string): Promise<T> {
  const { portalToken } = await sandbox.session('owner@acme.test')
  const response = await fetch(`${inject('apiUrl')}${path}`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2', Accept: 'application/json' },
  })
  return (await response.json()) as T
}

async function openRefund(page: Page, id: string) {
  const drawer = page.getByRole('dialog', { name: `Transaction ${id}` })
  await drawer.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Refund' }).click()
  const dialog = page.getByRole('dialog', { name: `Refund transaction ${id}` })
  await dialog.getByLabel('Part of it').check()
  await dialog.getByLabel('Amount to refund').fill('10.00')
  return dialog
}

describe('a write whose answer was lost', () => {
  test('a refund sent again from the dialog opened again refunds once', async () => {
    const settled = await asOwner<{ data: { items: { id: string; amounts: { refunded: number } }[] } }>(
      `/api/transactions?merchantID.eq=${MERCHANT_IDS.acme}&status=SETTLED&limit=1&offset=0`,
    )
    const transaction = settled.data.items[0]
    expect(transaction).toBeDefined()
    const id = transaction?.id ?? ''
    const refundedBefore = transaction?.amounts.refunded ?? 0

    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    await visit(page, `/transactions?tx=${encodeURIComponent(id)}`)
    await page.getByRole('dialog', { name: `Transaction ${id}` }).waitFor()
    await sandbox.clearRequests()
    const path = `/api/transactions/${id}/refund`
    await sandbox.addFault({ method: 'POST', path, kind: 'drop-answer', times: 1 })

    const first = await openRefund(page, id)
    await first.getByRole('button', { name: 'Refund $10.00' }).click()
    // Its answer was lost (nginx answers 502): the dialog cannot know whether the refund happened.
    await first.getByRole('alert', { name: 'This action may not have gone through' }).waitFor()
    await first.getByRole('button', { name: 'Go back' }).click()
    await first.waitFor({ state: 'hidden' })

    const second = await openRefund(page, id)
    await second.getByRole('button', { name: 'Refund $10.00' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Refunded $10.00 on ${id}` })
      .waitFor()

    const sent = await sandbox.requests({ method: 'POST', path })
    expect(sent).toHaveLength(2)
    expect(sent[0]?.headers['idempotency-key']).toBeTruthy()
    expect(sent[1]?.headers['idempotency-key']).toBe(sent[0]?.headers['idempotency-key'])
    const after = await asOwner<{ data: { amounts: { refunded: number } } }>(`/api/transactions/${id}`)
    expect(after.data.amounts.refunded - refundedBefore).toBe(1_000)
  })
})
