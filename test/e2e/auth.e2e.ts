import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { desktop, launchBrowser, newPage, phone } from './support/browser'
import { personaPassword, screenshot, signIn, visit } from './support/portal'
import { sandbox } from './support/sandbox'
import { shoot } from './support/steps'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

async function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('mp:')))
}

interface ProviderTokens {
  refreshToken: string
  idToken: string
}

/** The provider's tokens as oidc-client-ts keeps them in localStorage. */
async function providerTokens(page: Page): Promise<ProviderTokens> {
  const tokens = await page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((name) => name.startsWith('mp:oidc.user:'))
    const user = JSON.parse(window.localStorage.getItem(key ?? '') ?? '{}')
    return { refreshToken: String(user.refresh_token ?? ''), idToken: String(user.id_token ?? '') }
  })
  expect(tokens.refreshToken).not.toBe('')
  expect(tokens.idToken).not.toBe('')
  return tokens
}

/** Every stored value (local and session storage) that holds a JWT or the given refresh token. */
async function storedSecrets(page: Page, refreshToken: string): Promise<string[]> {
  return page.evaluate((refresh) => {
    const found: string[] = []
    for (const store of [window.localStorage, window.sessionStorage]) {
      for (const key of Object.keys(store)) {
        const value = store.getItem(key) ?? ''
        if (/eyJ[\w-]+\.[\w-]+\./.test(value) || value.includes(refresh)) found.push(key)
      }
    }
    return found
  }, refreshToken)
}

/** Asks the provider's token endpoint to renew with a refresh token; true when it refuses. */
async function refusedByProvider(refreshToken: string): Promise<boolean> {
  const response = await fetch(`${inject('idpDirectUrl')}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'merchant-portal',
    }),
  })
  const body = (await response.json()) as { error?: string }
  return response.status === 400 && body.error === 'invalid_grant'
}

async function signOutFrom(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
}

/** Waits for the way back from the provider's end-session page, through the sign-out callback, to /login. */
async function backFromProvider(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/logout/callback')
  await page.waitForURL((url) => url.pathname === '/login')
  await page.getByRole('button', { name: 'Sign in' }).waitFor()
}

/** Sign in from /login goes to the provider, which asks for the password rather than signing straight in. */
async function signInShowsProviderForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.origin === new URL(inject('idpUrl')).origin)
  await page.getByLabel('Password').waitFor()
}

describe('sign-in for each persona', () => {
  test.each([
    ['owner@acme.test', 'Acme Outdoor'],
    ['viewer@acme.test', 'Acme Outdoor'],
    ['clinic@initech.test', 'Initech Dental'],
    ['manager@harbor.test', 'Harbor Home Store'],
  ])('%s lands on the transactions page of %s', async (username, merchant) => {
    const page = await newPage(browser)
    await signIn(page, username)
    expect(new URL(page.url()).pathname).toBe('/transactions')
    await expect.poll(() => page.getByTestId('current-merchant').textContent()).toBe(merchant)
    expect(new URL(page.url()).search).toBe('')
  })

  test('the bank-brand persona sees the bank brand', async () => {
    const page = await newPage(browser)
    await signIn(page, 'manager@harbor.test')
    await page.getByRole('link', { name: 'Harborline Bank Merchant Center home' }).waitFor()
    await screenshot(page, 'transactions-bank-desktop')
  })

  test('ops@provider.test is asked to choose a merchant, switches, and stays on the page', async () => {
    const page = await newPage(browser)
    await signIn(page, 'ops@provider.test')
    await page.getByRole('heading', { level: 1, name: 'Choose a merchant' }).waitFor()
    // The merchant layout's other outcome, in the frame without navigation, at both widths.
    await shoot(page, 'choose-merchant')
    await page.getByRole('main').getByLabel('Merchant', { exact: true }).click()
    await page.getByRole('option', { name: 'Globex Home' }).click()
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/transactions')

    await page.goto('/data-insights', { waitUntil: 'networkidle' })
    const chooser = page.getByRole('banner').getByLabel('Merchant', { exact: true })
    await expect.poll(() => chooser.inputValue()).toBe('Globex Home')
    await chooser.click()
    await screenshot(page, 'merchant-chooser-open-desktop')
    await page.getByRole('option', { name: 'Acme Outdoor' }).click()

    await expect.poll(() => chooser.inputValue()).toBe('Acme Outdoor')
    expect(new URL(page.url()).pathname).toBe('/data-insights')
    await page.getByRole('heading', { level: 1, name: 'Data insights' }).waitFor()
    const stored = await page.evaluate(() => window.localStorage.getItem('mp:selectedMerchantId'))
    expect(stored).toBe(JSON.stringify(MERCHANT_IDS.acme))
  })
})

describe('the authorization request', () => {
  test('carries a nonce that the ID token returns, and no offline_access the sandbox does not need', async () => {
    const page = await newPage(browser)
    const authorizations: URL[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.origin === new URL(inject('idpUrl')).origin && url.pathname === '/auth')
        authorizations.push(url)
    })
    await signIn(page, 'owner@acme.test')
    const [authorization] = authorizations
    const nonce = authorization?.searchParams.get('nonce') ?? ''
    expect(nonce.length).toBeGreaterThanOrEqual(32)
    expect(authorization?.searchParams.get('scope')).toBe('openid profile email')
    const { idToken } = await providerTokens(page)
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'))
    expect(payload.nonce).toBe(nonce)
  })
})

describe('the remembered destination', () => {
  test('a signed-out deep link comes back whole after sign-in, and is then replaced by its filters', async () => {
    // A staff user, so that the merchant the tab ends up with can only come from the link.
    const deepLink = `/transactions?isDeepLink=true&search=TX-1&searchType=Transaction&merchantID=${MERCHANT_IDS.globex}&date=2026-03-01`
    const page = await newPage(browser)
    await page.goto(deepLink, { waitUntil: 'networkidle' })
    await page.waitForURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).search).toBe('')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByLabel('Username').fill('ops@provider.test')
    await page.getByLabel('Password').fill(personaPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    // Applied once (contract section 4), the link leaves only the filters it stands for in the address.
    await page.waitForURL((url) => url.pathname === '/transactions' && !url.searchParams.has('isDeepLink'))
    const address = Object.fromEntries(new URL(page.url()).searchParams)
    expect(address).toEqual({ search: 'TX-1', from: '02/28/2026', to: '03/02/2026' })
    const chooser = page.getByRole('banner').getByLabel('Merchant', { exact: true })
    await expect.poll(() => chooser.inputValue()).toBe('Globex Home')
    // The link's day is widened to one day either side in the date filter.
    await page.getByText('02/28/2026 – 03/02/2026').first().waitFor()
    expect(await page.getByRole('textbox', { name: 'Search' }).inputValue()).toBe('TX-1')
  })
})

describe('sign-out', () => {
  test('forgets every token, revokes the refresh token and ends the provider session without a token in a URL', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    expect(await storedKeys(page)).toEqual(expect.arrayContaining(['mp:token', 'mp:selectedMerchantId']))
    const tokens = await providerTokens(page)
    const endSession: { method: string; url: string }[] = []
    page.on('request', (request) => {
      if (request.url().includes('/session/end'))
        endSession.push({ method: request.method(), url: request.url() })
    })
    await signOutFrom(page)
    await backFromProvider(page)
    const left = await storedKeys(page)
    expect(left).not.toContain('mp:token')
    expect(left).not.toContain('mp:selectedMerchantId')
    expect(left).not.toContain('mp:adminToken')
    expect(await storedSecrets(page, tokens.refreshToken)).toEqual([])
    expect(await refusedByProvider(tokens.refreshToken)).toBe(true)
    // The provider's session ended through a POST: the ID token never sat in a URL.
    expect(endSession[0]?.method).toBe('POST')
    for (const { url } of endSession) expect(url).not.toContain(tokens.idToken)
    await page.goto('/transactions', { waitUntil: 'networkidle' })
    expect(new URL(page.url()).pathname).toBe('/login')
    await signInShowsProviderForm(page)
  })

  test('offline still forgets every token, says so, lands on /login and revokes once back online', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    const tokens = await providerTokens(page)
    await page.context().setOffline(true)
    await signOutFrom(page)
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByRole('alert').filter({ hasText: 'Error was:' }).waitFor()
    expect(await storedSecrets(page, tokens.refreshToken)).toEqual([])
    await screenshot(page, 'sign-out-offline-desktop')

    const revoked = page.waitForResponse((response) => response.url().includes('/token/revocation'))
    await page.context().setOffline(false)
    expect((await revoked).status()).toBe(200)
    expect(await refusedByProvider(tokens.refreshToken)).toBe(true)
    await signInShowsProviderForm(page)
  })

  test("works with the sign-in library's code blocked", async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    const tokens = await providerTokens(page)
    await page.route('**/assets/oidc-client-ts-*.js', (route) => route.abort())
    await page.reload({ waitUntil: 'networkidle' })
    await signOutFrom(page)
    await backFromProvider(page)
    expect(await storedSecrets(page, tokens.refreshToken)).toEqual([])
    expect(await refusedByProvider(tokens.refreshToken)).toBe(true)
    await page.unroute('**/assets/oidc-client-ts-*.js')
    await page.reload({ waitUntil: 'networkidle' })
    await signInShowsProviderForm(page)
  })

  test('that the provider fails is logged and shown, and the user still lands on /login', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    const tokens = await providerTokens(page)
    await sandbox.clearLogs()
    await sandbox.failProviderSignOut(true)
    await signOutFrom(page)
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByRole('alert').filter({ hasText: 'Error was:' }).waitFor()
    await expect
      .poll(async () => (await sandbox.logs()).map((entry) => entry.message))
      .toContain('Sign-out failed')
    expect(await storedSecrets(page, tokens.refreshToken)).toEqual([])
  })

  test('in one tab signs the other tab out', async () => {
    const first = await newPage(browser)
    await signIn(first, 'owner@acme.test')
    const second = await first.context().newPage()
    await second.goto('/data-insights', { waitUntil: 'networkidle' })
    await second.getByRole('heading', { level: 1, name: 'Data insights' }).waitFor()
    await signOutFrom(first)
    await second.waitForURL((url) => url.pathname === '/login')
  })
})

describe('a failed token exchange', () => {
  test('sends the user to /login with the 20-second error alert and logs it', async () => {
    await sandbox.clearLogs()
    await sandbox.addFault({
      method: 'POST',
      path: '/api/auth/org/token/exchange',
      kind: 'status',
      status: 500,
      times: 1,
    })
    const page = await newPage(browser)
    await visit(page, '/login')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByLabel('Username').fill('owner@acme.test')
    await page.getByLabel('Password').fill(personaPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    const alert = page.getByRole('alert').filter({ hasText: 'Error was:' })
    await alert.waitFor()
    await expect
      .poll(async () => (await sandbox.logs()).map((entry) => entry.message))
      .toContain('Error exchanging tokens')
    await screenshot(page, 'login-error-desktop')
    const stored = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('mp:alerts') ?? '[]'))
    expect(stored[0]).toMatchObject({ status: 'ERROR', duration: 20_000 })
  })
})

describe('the signed-in shell', () => {
  test.each([
    ['desktop', desktop],
    ['phone', phone],
  ])('looks right at %s width', async (name, viewport) => {
    const page = await newPage(browser, viewport)
    await signIn(page, 'owner@acme.test')
    await screenshot(page, `transactions-owner-${name}`)
    if (name === 'phone') {
      await page.getByRole('button', { name: 'Open navigation' }).click()
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Carts' })
        .waitFor()
      await screenshot(page, 'navigation-owner-phone')
    }
  })
})
