import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { desktop, launchBrowser, newPage, phone } from './support/browser'
import { screenshot, visit } from './support/portal'
import { sandbox } from './support/sandbox'
import { closeAlert, shoot, signInAt } from './support/steps'

// The merchant's people and places: user management (invite, activate, deactivate) and locations.

let browser: Browser

/** From /login, through the identity provider's form, with a user's own password. */
async function signInWith(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.origin === new URL(inject('idpUrl')).origin)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

// A deactivated user (a persona too) can no longer sign in: each test starts from the seeded users.
afterEach(async () => {
  await sandbox.reset()
})

describe('user management', () => {
  test('invite a user, who activates their account through the emailed link, signs in, and is refused once deactivated', async () => {
    const page = await newPage(browser)
    await signInAt(page, 'owner@acme.test', '/user-management')
    await page.getByRole('heading', { level: 1, name: 'User management' }).waitFor()
    await page.getByRole('table').waitFor()
    await shoot(page, 'users-list')

    await page.getByRole('button', { name: 'Invite user' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite a user' })
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await dialog.getByText('Required.').waitFor()
    await dialog.getByLabel('Email').fill('nia.hire@acme.test')
    await dialog.getByLabel('Name (optional)').fill('Nia Hire')
    await expectAxeClean(page)
    await screenshot(page, 'users-invite-dialog-desktop')
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await dialog.waitFor({ state: 'detached' })
    await closeAlert(page, /^Invitation sent to nia.hire@acme.test\.$/)
    const row = page.getByRole('row').filter({ hasText: 'nia.hire@acme.test' })
    await row.getByText('Invited').waitFor()

    // The invitation email carries the activation link; whoever opens it is not signed in.
    const [mail] = await sandbox.outbox({ to: 'nia.hire@acme.test', kind: 'INVITATION' })
    if (!mail) throw new Error('no invitation email')
    const link = new URL(mail.link)
    expect(link.origin).toBe(new URL(page.url()).origin)
    const invitee = await newPage(browser, phone)
    await visit(invitee, link.pathname)
    await invitee.getByRole('heading', { level: 1, name: 'Create your password' }).waitFor()
    expect(await invitee.getByLabel('Email').inputValue()).toBe('nia.hire@acme.test')
    await invitee.getByLabel('New password', { exact: true }).fill('Trailhead-2026')
    await invitee.getByLabel('Confirm password', { exact: true }).fill('Trailhead-2026')
    await screenshot(invitee, 'users-activation-phone')
    await invitee.getByRole('button', { name: 'Create password' }).click()
    await invitee.waitForURL((url) => url.pathname === '/login')
    await invitee.getByRole('status').filter({ hasText: 'Sign in with your new password' }).waitFor()

    await page.reload({ waitUntil: 'networkidle' })
    await page.getByRole('row').filter({ hasText: 'nia.hire@acme.test' }).getByText('Active').waitFor()
    // One's own row offers only one's activity.
    await page.getByRole('row').filter({ hasText: 'owner@acme.test' }).getByRole('button').click()
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['View activity'])
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.waitForURL((url) => url.pathname === '/logout/callback')
    await page.waitForURL((url) => url.pathname === '/login')

    // The invited user signs in with the password they chose, and gets what READ access allows: the
    // people of the merchant, without inviting or changing anyone.
    await signInWith(invitee, 'nia.hire@acme.test', 'Trailhead-2026')
    await invitee.waitForURL((url) => url.pathname === '/transactions')
    await invitee.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    await invitee.goto('/user-management', { waitUntil: 'networkidle' })
    await invitee.getByRole('heading', { level: 1, name: 'User management' }).waitFor()
    await invitee.getByText('nia.hire@acme.test').first().waitFor()
    expect(await invitee.getByRole('button', { name: 'Invite user' }).count()).toBe(0)
    // Read access: a colleague's activity, nothing to change.
    await invitee
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click()
    expect(await invitee.getByRole('menuitem').allTextContents()).toEqual(['View activity'])
    await invitee.keyboard.press('Escape')
    await expectAxeClean(invitee)
    await screenshot(invitee, 'users-invitee-signed-in-phone')
    await invitee.getByRole('button', { name: 'Account menu' }).click()
    await invitee.getByRole('menuitem', { name: 'Sign out' }).click()
    await invitee.waitForURL((url) => url.pathname === '/logout/callback')
    await invitee.waitForURL((url) => url.pathname === '/login')

    // Deactivated, the user is refused at the identity provider.
    await signInAt(page, 'owner@acme.test', '/user-management?search=nia')
    await page.getByRole('button', { name: 'Actions for Nia Hire' }).click()
    await page.getByRole('menuitem', { name: 'Deactivate' }).click()
    const confirm = page.getByRole('dialog', { name: 'Deactivate Nia Hire?' })
    await confirm.getByRole('button', { name: 'Deactivate' }).click()
    await confirm.waitFor({ state: 'detached' })
    await page.getByRole('row').filter({ hasText: 'nia.hire@acme.test' }).getByText('Deactivated').waitFor()
    await signInWith(invitee, 'nia.hire@acme.test', 'Trailhead-2026')
    await invitee.getByRole('alert').filter({ hasText: 'This account has been deactivated.' }).waitFor()
    expect(new URL(invitee.url()).origin).toBe(new URL(inject('idpUrl')).origin)
  })

  test('deactivate a colleague after confirming', async () => {
    const page = await newPage(browser)
    await signInAt(page, 'owner@acme.test', '/user-management?search=viewer')
    const row = page.getByRole('row').filter({ hasText: 'viewer@acme.test' })
    // The actions menu works from the keyboard: Enter opens it on its first item.
    await row.getByRole('button', { name: 'Actions for Victor Viewer' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Deactivate' }).waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('menuitem')
    await expectAxeClean(page)
    await page.getByRole('menuitem', { name: 'Deactivate' }).click()
    const confirm = page.getByRole('dialog', { name: 'Deactivate Victor Viewer?' })
    await confirm.waitFor()
    // The menu fades out as the dialog opens; check the page once it has gone.
    await page.locator('.mantine-Menu-dropdown').waitFor({ state: 'detached' })
    await expectAxeClean(page)
    await screenshot(page, 'users-deactivate-dialog-desktop')
    await confirm.getByRole('button', { name: 'Deactivate' }).click()
    await confirm.waitFor({ state: 'detached' })
    await closeAlert(page, /^Victor Viewer is deactivated\.$/)
    await row.getByText('Deactivated').waitFor()
  })
})

describe('locations', () => {
  test('search the stores and edit one', async () => {
    const page = await newPage(browser)
    await signInAt(page, 'owner@acme.test', '/locations')
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor()
    await page.getByText('Showing 1–25 of 312').waitFor()
    await shoot(page, 'locations-list')

    await page.getByLabel('Search locations').fill('Boise')
    await page.waitForURL((url) => url.searchParams.get('search') === 'Boise')
    await page
      .getByRole('button', { name: /^Edit Boise/ })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: /^Edit Boise/ })
    await dialog.getByLabel('Store name').fill('Boise Flagship')
    const monday = dialog.getByRole('group', { name: 'Monday' })
    await monday.getByLabel('Opens').fill('12:00')
    await monday.getByLabel('Closes').fill('11:00')
    await monday.getByLabel('Closes').blur()
    await monday.getByText('Closing time must be after opening time.').waitFor()
    await expectAxeClean(page)
    await screenshot(page, 'locations-edit-desktop')
    await page.setViewportSize(phone)
    await screenshot(page, 'locations-edit-phone')
    await page.setViewportSize(desktop)
    await monday.getByLabel('Closes').fill('21:00')
    await dialog.getByRole('button', { name: 'Save location' }).click()
    await dialog.waitFor({ state: 'detached' })
    await closeAlert(page, /^Saved Boise Flagship\.$/)
    await page.getByRole('table').getByText('Boise Flagship').waitFor()
  })

  test('a read-only user has no edit control', async () => {
    const page = await newPage(browser)
    await signInAt(page, 'viewer@acme.test', '/locations')
    await page.getByRole('table').waitFor()
    expect(await page.getByRole('table').getByRole('button').count()).toBe(0)
    await shoot(page, 'locations-viewer')
  })
})
