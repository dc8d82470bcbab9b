import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
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

describe('a stray XSRF-TOKEN cookie', () => {
  test('a malformed duplicate, listed first, neither breaks a page nor a save', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    // As a sibling application could leave it: the same name, a more specific path (so the browser lists
    // it first), and a value that decodes to characters no request header may carry.
    await page.evaluate(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: the test plays another application setting a cookie
      document.cookie = 'XSRF-TOKEN=%E2%9C%93%0Aforged; path=/account-settings'
    })
    await sandbox.clearRequests()
    await visit(page, '/account-settings')
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor()
    expect(
      await page.evaluate(
        () => document.cookie.split('; ').filter((c) => c.startsWith('XSRF-TOKEN=')).length,
      ),
    ).toBe(2)

    await page.getByLabel('Support phone').fill('+1 720 555 0199')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByRole('status').filter({ hasText: 'Your business profile was saved.' }).waitFor()
    const saves = await sandbox.requests({ method: 'PUT', path: '/api/merchant/*/business-profile' })
    expect(saves).toHaveLength(1)
    expect(saves[0]?.headers['x-xsrf-token']).toMatch(/^[\w-]+$/)
  })
})
