import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { launchBrowser, newPage } from './support/browser'
import { screenshot, signIn } from './support/portal'
import { sandbox } from './support/sandbox'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

// A page left open keeps its session alive, and would renew it when a test revokes every token.
afterEach(async () => {
  await Promise.all(browser.contexts().map((context) => context.close()))
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

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('mp:token'))
}

async function refreshGrants(): Promise<{ ok: number; refused: number }> {
  const grants = await sandbox.grants('refresh_token')
  return {
    ok: grants.filter((grant) => grant.outcome === 'success').length,
    refused: grants.filter((grant) => grant.outcome === 'error').length,
  }
}

/** The transactions page with its rows: the page's own data, not only the shell. */
async function showsTransactions(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
  await page.getByRole('row').nth(1).waitFor()
}

/** Two tabs of one browser profile, both on the transactions page of one signed-in session. */
async function twoTabs(context?: BrowserContext): Promise<[Page, Page]> {
  const first = context ? await context.newPage() : await newPage(browser)
  await signIn(first, 'owner@acme.test')
  const second = await first.context().newPage()
  await second.goto('/transactions', { waitUntil: 'networkidle' })
  await showsTransactions(first)
  await showsTransactions(second)
  return [first, second]
}

function statusesOf(page: Page, status: number): string[] {
  const seen: string[] = []
  page.on('response', (response) => {
    if (response.status() === status && new URL(response.url()).pathname.startsWith('/api/')) {
      seen.push(new URL(response.url()).pathname)
    }
  })
  return seen
}

describe('two tabs of one session', () => {
  test('both refused with 401 at once renew with one refresh grant and both show their data', async () => {
    const [first, second] = await twoTabs()
    const refusedFirst = statusesOf(first, 401)
    const refusedSecond = statusesOf(second, 401)
    await sandbox.clearGrants()
    await sandbox.revokePortalTokens()
    // The provider takes 3 s to answer the renewal, so both tabs ask with the revoked token before a new one
    // exists (a quick renewal stored before the second tab's first request spares that tab its 401).
    await sandbox.addFault({ method: 'POST', path: '/idp/token', kind: 'delay', delayMs: 3_000, times: 1 })

    await Promise.all([
      first.reload({ waitUntil: 'networkidle' }),
      second.reload({ waitUntil: 'networkidle' }),
    ])
    await showsTransactions(first)
    await showsTransactions(second)
    expect(refusedFirst.length).toBeGreaterThan(0)
    expect(refusedSecond.length).toBeGreaterThan(0)
    expect(await refreshGrants()).toEqual({ ok: 1, refused: 0 })

    await second.reload({ waitUntil: 'networkidle' })
    await showsTransactions(second)
    expect(new URL(second.url()).pathname).toBe('/transactions')
    expect(await refreshGrants()).toEqual({ ok: 1, refused: 0 })
    await expectAxeClean(second)
  })

  test('both renewal timers firing together renew with one refresh grant', async () => {
    const context = await browser.newContext({ baseURL: inject('baseURL'), locale: 'en-US' })
    context.setDefaultTimeout(15_000)
    await context.clock.install()
    const [first, second] = await twoTabs(context)
    await sandbox.clearGrants()

    // The portal token lives 15 minutes; both tabs' timers are due a minute before it ends.
    await context.clock.fastForward('14:30')
    await expect.poll(refreshGrants).toEqual({ ok: 1, refused: 0 })
    await first.reload({ waitUntil: 'networkidle' })
    await showsTransactions(first)
    await showsTransactions(second)
    expect(await refreshGrants()).toEqual({ ok: 1, refused: 0 })
    await context.close()
  })
})

describe('a local clock far off', () => {
  test.each([
    ['20 minutes fast', 20],
    ['20 minutes slow', -20],
  ])('with the clock %s the session renews once per cycle for three cycles', async (_name, minutes) => {
    const context = await browser.newContext({ baseURL: inject('baseURL'), locale: 'en-US' })
    context.setDefaultTimeout(15_000)
    await context.clock.install({ time: Date.now() + minutes * 60_000 })
    const page = await context.newPage()
    await signIn(page, 'owner@acme.test')
    await showsTransactions(page)
    await sandbox.clearGrants()

    for (let cycle = 1; cycle <= 3; cycle++) {
      // Some input each cycle, as a user at work would give, so that the idle time-out stays away.
      await page.mouse.move(100 + cycle, 100)
      const before = await storedToken(page)
      await context.clock.fastForward('14:30')
      await expect.poll(refreshGrants).toEqual({ ok: cycle, refused: 0 })
      // The renewal is done once its exchange has stored the new token: a reload before that would
      // start the page with the token that is due, and renew again.
      await expect.poll(() => storedToken(page)).not.toBe(before)
      await page.reload({ waitUntil: 'networkidle' })
      await showsTransactions(page)
      expect(await refreshGrants()).toEqual({ ok: cycle, refused: 0 })
    }
    expect(new URL(page.url()).pathname).toBe('/transactions')
    await context.close()
  })
})

describe('the idle time-out', () => {
  async function idleContext(): Promise<[Page, Page]> {
    const context = await browser.newContext({ baseURL: inject('baseURL'), locale: 'en-US' })
    context.setDefaultTimeout(15_000)
    await context.clock.install()
    const first = await context.newPage()
    await signIn(first, 'owner@acme.test')
    await first.goto('/data-insights', { waitUntil: 'networkidle' })
    await first.getByRole('heading', { level: 1, name: 'Data insights' }).waitFor()
    const second = await context.newPage()
    await second.goto('/transactions', { waitUntil: 'networkidle' })
    await showsTransactions(second)
    return [first, second]
  }

  function warning(page: Page) {
    return page.getByRole('dialog', { name: 'Are you still there?' })
  }

  test('warns at 29 minutes, and "Stay signed in" keeps the session in every tab', async () => {
    const [first, second] = await idleContext()
    await first.context().clock.fastForward('29:00')
    await warning(first).waitFor()
    await warning(second).waitFor()
    const timer = warning(first).getByRole('timer')
    const before = Number.parseInt((await timer.textContent()) ?? '', 10)
    expect(before).toBeGreaterThan(0)
    expect(before).toBeLessThanOrEqual(60)
    await first.context().clock.runFor(3_000)
    await expect.poll(async () => Number.parseInt((await timer.textContent()) ?? '', 10)).toBeLessThan(before)
    await expectAxeClean(first)
    await first.setViewportSize({ width: 1280, height: 800 })
    await screenshot(first, 'idle-warning-desktop')
    await first.setViewportSize({ width: 390, height: 844 })
    await screenshot(first, 'idle-warning-phone')

    await warning(first).getByRole('button', { name: 'Stay signed in' }).click()
    await warning(first).waitFor({ state: 'hidden' })
    await warning(second).waitFor({ state: 'hidden' })
    await first.context().clock.fastForward('02:00')
    expect(await warning(first).isVisible()).toBe(false)
    expect(new URL(first.url()).pathname).toBe('/data-insights')
    expect(new URL(second.url()).pathname).toBe('/transactions')
    await showsTransactions(second)
  })

  test('with no input signs every tab out at 30 minutes, says why, and remembers the page', async () => {
    const [first, second] = await idleContext()
    await first.context().clock.fastForward('29:00')
    await warning(first).waitFor()
    await first.context().clock.fastForward('01:00')
    for (const page of [first, second]) {
      // One tab ends the provider's session: it shows /login, posts to the provider and comes back
      // through the sign-out callback, so a read of the page can meet that navigation: it is retried.
      await page.waitForURL((url) => url.pathname === '/login')
      await page.getByText('There was no activity for 30 minutes').waitFor()
      await expect
        .poll(() => page.evaluate(() => window.localStorage.getItem('mp:token')).catch(() => 'navigating'), {
          timeout: 15_000,
        })
        .toBeNull()
      await page.waitForLoadState('networkidle')
      await page.getByText('There was no activity for 30 minutes').waitFor()
    }
    const remembered = () =>
      Promise.all(
        [first, second].map((page) =>
          page.evaluate(() => window.history.state?.returnTo as unknown).catch(() => 'navigating'),
        ),
      ).then((paths) => paths.sort())
    await expect.poll(remembered, { timeout: 15_000 }).toEqual(['/data-insights', '/transactions'])
    await expectAxeClean(first)
    await screenshot(first, 'idle-signed-out-desktop')
  })
})
