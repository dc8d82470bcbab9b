import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { desktop, launchBrowser, newPage, phone } from './support/browser'
import { screenshot, visit } from './support/portal'

describe('shell', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
  })

  test.each([
    ['desktop', desktop],
    ['phone', phone],
  ])('the sign-in page renders at %s width', async (name, viewport) => {
    const page = await newPage(browser, viewport)
    await visit(page, '/login')

    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(await page.locator('h1').count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(1)
    expect(await page.getByLabel('Language', { exact: true }).count()).toBeGreaterThan(0)
    await screenshot(page, `login-${name}`)
  })

  test('an unknown path shows the page-not-found screen', async () => {
    const page = await newPage(browser)
    await visit(page, '/no-such-page')

    await page.getByText('Page not found').first().waitFor()
    await screenshot(page, 'not-found-desktop')
  })
})
