import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { desktop, launchBrowser, newPage, phone } from './support/browser'
import { screenshot, visit } from './support/portal'
import { sandbox } from './support/sandbox'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const NEW_PASSWORD = 'Harbor-Lights-2026'

describe('password pages', () => {
  test.each([
    ['desktop', desktop],
    ['phone', phone],
  ])('the activation page renders at %s width', async (name, viewport) => {
    const token = await sandbox.issueActivationToken({ email: 'viewer@acme.test', purpose: 'ACTIVATE' })
    const page = await newPage(browser, viewport)
    await visit(page, `/activate/${token}`)
    await page.getByRole('heading', { level: 1, name: 'Create your password' }).waitFor()
    await page.getByLabel('New password', { exact: true }).fill('short')
    await screenshot(page, `activate-${name}`)
  })

  test('a reset link sets a new password that the identity provider then accepts', async () => {
    const token = await sandbox.issueActivationToken({ email: 'viewer@acme.test', purpose: 'RESET' })
    const page = await newPage(browser)
    await visit(page, `/password/reset/${token}`)
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByRole('status').filter({ hasText: 'Sign in with your new password' }).waitFor()

    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByLabel('Username').fill('viewer@acme.test')
    await page.getByLabel('Password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/transactions')
    expect(new URL(page.url()).pathname).toBe('/transactions')
  })

  test('an expired link says so and leads back to sign-in', async () => {
    const token = await sandbox.issueActivationToken({
      email: 'owner@acme.test',
      purpose: 'RESET',
      expiresInSeconds: 0,
    })
    const page = await newPage(browser)
    await visit(page, `/password/reset/${token}`)
    await page.getByText('This link has expired. Request a new password reset link.').waitFor()
    await screenshot(page, 'reset-expired-desktop')
  })
})
