import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { desktop, launchBrowser, newPage, phone, type Viewport } from './support/browser'
import { SETTINGS_PAGES } from './support/pages'
import { screenshot, signIn, visit } from './support/portal'
import { sandbox } from './support/sandbox'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** Signs in as provider staff, who see every settings page, acting for Acme Outdoor. */
async function signInAsStaff(page: Page, username = 'ops@provider.test'): Promise<void> {
  await signIn(page, username)
  await page.getByRole('heading', { level: 1, name: 'Choose a merchant' }).waitFor()
  await page.getByRole('main').getByLabel('Merchant', { exact: true }).click()
  await page.getByRole('option', { name: 'Acme Outdoor' }).click()
  await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
}

async function openSettingsPage(page: Page, path: string, heading: string): Promise<void> {
  await visit(page, path)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

async function readAsOwner<T>(path: string): Promise<T> {
  const { portalToken } = await sandbox.session('owner@acme.test')
  const response = await fetch(`${inject('apiUrl')}${path}`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2', Accept: 'application/json' },
  })
  return (await response.json()) as T
}

async function expectSaved(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).waitFor()
}

describe('every settings page', () => {
  test.each([
    ['desktop', desktop],
    ['phone', phone],
  ] as [string, Viewport][])('is accessible and looks right at %s width', async (name, viewport) => {
    const page = await newPage(browser, viewport)
    await signInAsStaff(page)
    for (const [path, heading] of SETTINGS_PAGES) {
      await openSettingsPage(page, path, heading)
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1)
      await screenshot(page, `settings${path.replaceAll('/', '-')}-${name}`)
    }
    if (name === 'phone') {
      await page.getByRole('combobox', { name: 'Settings page' }).click()
      await screenshot(page, 'settings-navigation-phone')
      await page.getByRole('option', { name: 'Funding settings' }).click()
      await page.getByRole('heading', { level: 1, name: 'Funding settings' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/funding-settings')
    }
  })

  test('shows read-only staff plain values', async () => {
    const page = await newPage(browser, desktop)
    await signInAsStaff(page, 'support@provider.test')
    for (const [path, heading] of [
      ['/account-settings', 'Account settings'],
      ['/bank-information', 'Bank information'],
      ['/checkout-design', 'Checkout design'],
      ['/placement-design', 'Placement design'],
      ['/internal-settings', 'Internal settings'],
    ] as const) {
      await openSettingsPage(page, path, heading)
      expect(await page.getByRole('form').count()).toBe(0)
      await screenshot(page, `settings${path.replaceAll('/', '-')}-read-only-desktop`)
    }
  })
})

describe('saving settings', () => {
  test('the business profile', async () => {
    const page = await newPage(browser, desktop)
    await signIn(page, 'owner@acme.test')
    await openSettingsPage(page, '/account-settings', 'Account settings')
    await page.getByLabel('Support phone').fill('+1 720 555 0100')
    await page.getByLabel('Website').fill('https://shop.acmeoutdoor.example')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expectSaved(page, 'Your business profile was saved.')
    const stored = await readAsOwner<{ data: { supportPhone: string; website: string } }>(
      `/api/merchant/${MERCHANT_IDS.acme}/business-profile`,
    )
    expect(stored.data).toMatchObject({
      supportPhone: '+1 720 555 0100',
      website: 'https://shop.acmeoutdoor.example',
    })
  })

  test('the bank account, after a refusal that keeps the input', async () => {
    const page = await newPage(browser, desktop)
    await signIn(page, 'owner@acme.test')
    await openSettingsPage(page, '/bank-information', 'Bank information')
    await page.getByLabel('Routing number').fill('021000021')
    await page.getByRole('textbox', { name: 'Account number', exact: true }).fill('123456789012')
    await page.getByLabel('Confirm last 4 digits').fill('9012')
    await sandbox.addFault({
      method: 'PUT',
      path: `/api/merchant/${MERCHANT_IDS.acme}/bank-information`,
      kind: 'status',
      status: 500,
      body: { error: { code: 'internal_error', message: 'The bank verification service is unavailable.' } },
      times: 1,
    })
    await page.getByRole('button', { name: 'Save bank account' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'The bank verification service is unavailable.' })
      .waitFor()
    await screenshot(page, 'settings-bank-information-refused-desktop')
    expect(await page.getByLabel('Confirm last 4 digits').inputValue()).toBe('9012')
    await page.getByRole('button', { name: 'Save bank account' }).click()
    await expectSaved(page, 'The new bank account was saved. We notified 3 admins by email.')
    await page.getByText('Verification pending').waitFor()
    await screenshot(page, 'settings-bank-information-saved-desktop')
    const stored = await readAsOwner<{ data: { accountNumberLast4: string; status: string } }>(
      `/api/merchant/${MERCHANT_IDS.acme}/bank-information`,
    )
    expect(stored.data).toMatchObject({ accountNumberLast4: '9012', status: 'PENDING_VERIFICATION' })
  })

  test('email notifications, guarded against leaving unsaved', async () => {
    const page = await newPage(browser, desktop)
    await signIn(page, 'owner@acme.test')
    await openSettingsPage(page, '/email-notifications', 'Email notifications')
    await page.getByLabel('Add a recipient').fill('ap@acmeoutdoor.example')
    await page.getByRole('button', { name: 'Add recipient' }).click()
    const added = page.getByRole('group', { name: 'ap@acmeoutdoor.example' })
    await added.getByRole('checkbox', { name: /Dispute opened/ }).uncheck()

    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Access keys' })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' })
    await dialog.waitFor()
    await screenshot(page, 'settings-unsaved-changes-desktop')
    await dialog.getByRole('button', { name: 'Keep editing' }).click()
    await dialog.waitFor({ state: 'hidden' })

    await page.getByRole('button', { name: 'Save changes' }).click()
    await expectSaved(page, 'Email notifications saved for 4 recipients.')
    const stored = await readAsOwner<{ data: { recipients: { email: string; events: string[] }[] } }>(
      `/api/merchant/${MERCHANT_IDS.acme}/notification-subscriptions`,
    )
    const ap = stored.data.recipients.find((recipient) => recipient.email === 'ap@acmeoutdoor.example')
    expect(ap?.events).not.toContain('DISPUTE_OPENED')
    expect(ap?.events).toContain('PAYOUT_SENT')
  })
})
