import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, newPage } from './support/browser'
import { signIn } from './support/portal'
import { sandbox } from './support/sandbox'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

async function exchanges(): Promise<number> {
  return (await sandbox.requests({ path: '/api/auth/org/token/exchange', method: 'POST' })).length
}

describe('session upkeep', () => {
  test('many requests failing with 401 together renew the session once and replay', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    await sandbox.clearRequests()
    await sandbox.addFault({ method: 'GET', path: '/api/**', kind: 'status', status: 401, times: 3 })
    await page.reload({ waitUntil: 'networkidle' })
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    expect(await exchanges()).toBe(1)
    expect(new URL(page.url()).pathname).toBe('/transactions')
  })

  test('a failed renewal logs it and sends the user to /login, remembering the page', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    await page.goto('/data-insights', { waitUntil: 'networkidle' })
    await sandbox.clearLogs()
    // Without its refresh token the provider session cannot be renewed.
    await page.evaluate(() => {
      for (const key of Object.keys(window.localStorage)) {
        if (!key.startsWith('mp:oidc.user:')) continue
        const user = JSON.parse(window.localStorage.getItem(key) ?? '{}')
        user.refresh_token = undefined
        window.localStorage.setItem(key, JSON.stringify(user))
      }
    })
    await sandbox.addFault({ method: 'GET', path: '/api/**', kind: 'status', status: 401, times: 1 })
    await page.reload({ waitUntil: 'networkidle' })
    await page.waitForURL((url) => url.pathname === '/login')
    await expect
      .poll(async () => (await sandbox.logs()).map((entry) => entry.message))
      .toContain('Failed to refresh okta token for bread token')
    const remembered = await page.evaluate(() => window.history.state?.returnTo)
    expect(remembered).toBe('/data-insights')
  })

  test('replaying a finished login callback keeps the session', async () => {
    const page = await newPage(browser)
    const callbacks: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/implicit/callback')) callbacks.push(request.url())
    })
    await signIn(page, 'owner@acme.test')
    const used = callbacks[0]
    expect(used).toContain('code=')
    await page.goto(used ?? '/implicit/callback', { waitUntil: 'networkidle' })
    await page.waitForURL((url) => url.pathname === '/transactions')
    expect(new URL(page.url()).search).toBe('')
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
  })
})
