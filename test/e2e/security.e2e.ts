import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { securityHeaders } from '../../deploy/security-headers'
import { FORMULA_CUSTOMER_NAME } from '../../sandbox/resources/transactions-ledger'
import { parseCsv } from '../../src/shared/csv'
import { launchBrowser, newPage } from './support/browser'
import { screenshot, signIn, visit } from './support/portal'
import { sandbox } from './support/sandbox'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const distDir = process.env.E2E_DIST_DIR
  ? path.resolve(process.env.E2E_DIST_DIR)
  : path.resolve(import.meta.dirname, '../../dist')

/** Every page the owner can open (carts/:cartId with the first cart). */
const OWNER_PAGES = [
  '/transactions',
  '/data-insights',
  '/settlement-report',
  '/targeting-export',
  '/carts',
  '/carts/create',
  '/locations',
  '/user-management',
  '/account-settings',
  '/general-settings',
  '/bank-information',
  '/funding-settings',
  '/payment-products',
  '/checkout-design',
  '/placement-design',
  '/access-keys',
  '/email-notifications',
  '/location-verification-codes',
  '/merchant-id-validation',
]

/** Records every securitypolicyviolation event of every document the page loads. */
async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportViolation(text: string): void }).__reportViolation
    document.addEventListener('securitypolicyviolation', (event) => {
      report(`${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI}`)
    })
  })
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to|Trusted Type/.test(message.text()))
      violations.push(message.text())
  })
  return violations
}

describe('security', () => {
  test('the app runs under its Content-Security-Policy, and no token reaches a URL or the log', async () => {
    const page = await newPage(browser)
    const violations = await watchPolicyViolations(page)
    const urls: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) urls.push(frame.url())
    })
    await page.goto('/login')
    await sandbox.clearLogs()
    await signIn(page, 'owner@acme.test')
    await page.goto('/data-insights', { waitUntil: 'networkidle' })
    expect(violations).toEqual([])

    const jwt = /eyJ[\w-]+\.[\w-]+\.[\w-]+/
    const portalUrls = urls.filter((url) => url.startsWith(new URL(page.url()).origin))
    for (const url of portalUrls) expect(url, url).not.toMatch(jwt)
    expect(page.url()).not.toMatch(/[?&](code|state)=/)
    for (const entry of await sandbox.logs()) expect(JSON.stringify(entry)).not.toMatch(jwt)
  })

  test('nginx sends exactly the TypeScript policy from every location, /api/ included, and no source map', async () => {
    const page = await newPage(browser)
    const idp = new URL(inject('idpUrl')).origin
    const asset = (await readFile(path.join(distDir, 'index.html'), 'utf8')).match(
      /\/assets\/[\w.-]+\.js/,
    )?.[0]
    if (!asset) throw new Error('index.html names no script')
    // Each asked for afresh (a query the server ignores): a cached copy does not keep every header.
    const locations: [string, boolean][] = [
      ['/', false],
      ['/transactions?page=2', false],
      [`${asset}?fresh`, false],
      ['/config.json', false],
      ['/api/merchant-portal-backend/flags', false],
      [`${asset}.map`, false],
      ['/activate/some-token', true],
      ['/password/reset/some-token', true],
    ]
    for (const [pathname, linkPage] of locations) {
      const response = await page.goto(pathname)
      const headers = response?.headers() ?? {}
      const expected = securityHeaders(idp, { linkPage, imageOrigins: [inject('logoOrigin')] })
      const sent = Object.fromEntries(
        Object.keys(expected).map((name) => [name, headers[name.toLowerCase()]]),
      )
      expect(sent, pathname).toEqual(expected)
      expect(response?.url(), pathname).toMatch(/^https:/)
    }
    expect((await page.goto(`${asset}.map`))?.status()).toBe(404)
    // HTTP/2 and gzip, as production serves them.
    const script = await page.goto(`${asset}?gzip`)
    expect(await script?.headerValue('content-encoding')).toBe('gzip')
    const protocol = await page.evaluate(
      (name) =>
        (
          performance.getEntriesByName(new URL(name, location.href).href)[0] as
            | PerformanceResourceTiming
            | undefined
        )?.nextHopProtocol,
      asset,
    )
    expect(['h2', undefined]).toContain(protocol)
  })

  test('a failure on an activation link leaves its token in no log, no other URL and no Referer', async () => {
    const token = await sandbox.issueActivationToken({ email: 'viewer@acme.test', purpose: 'ACTIVATE' })
    const activation = `/api/auth/activation/${token}`
    await sandbox.addFault({ method: 'GET', path: activation, kind: 'status', status: 500 })
    await sandbox.clearLogs()
    await sandbox.clearRequests()
    const page = await newPage(browser)
    const sent: { url: string; referer: string | undefined }[] = []
    page.on('request', (request) => {
      void request.allHeaders().then((headers) => sent.push({ url: request.url(), referer: headers.referer }))
    })
    try {
      await visit(page, `/activate/${token}`)
      await page.getByText('Oops...', { exact: true }).waitFor()
      await expect.poll(async () => (await sandbox.logs()).length).toBeGreaterThan(0)
    } finally {
      await sandbox.clearFaults()
    }
    for (const entry of await sandbox.logs()) expect(JSON.stringify(entry)).not.toContain(token)
    const recorded = await sandbox.requests()
    expect(recorded.some((request) => request.path === activation)).toBe(true)
    for (const request of recorded) {
      if (request.path !== activation) expect(JSON.stringify(request)).not.toContain(token)
    }
    // The document itself was asked for by its address; everything after it names the token only in
    // the activation call's own URL, and nothing at all in a Referer.
    expect(sent.length).toBeGreaterThan(3)
    for (const { url, referer } of sent.slice(1)) {
      if (!url.includes(activation)) expect(url).not.toContain(token)
      expect(referer ?? '', url).not.toContain(token)
    }
  })

  test('transactions exported for a customer named as a formula keep the name as text', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    await visit(page, '/transactions?searchType=CustomerName&search=hyperlink')
    const table = page.getByRole('main').getByRole('table')
    await table.getByRole('row').filter({ hasText: FORMULA_CUSTOMER_NAME }).first().waitFor()

    await page.getByRole('button', { name: 'Export CSV' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export transactions' })
    await dialog.waitFor()
    const downloading = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Export CSV' }).click()
    const text = await readFile(await (await downloading).path(), 'utf8')

    // The cell is quoted (it holds a quote) and starts with an apostrophe, so no spreadsheet runs it.
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`)
    const [header = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, ''))
    const name = header.indexOf('Customer name')
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row[name]).toBe(`'${FORMULA_CUSTOMER_NAME}`)
  })

  test('a violation is reported to the platform, where the sandbox records it', async () => {
    const page = await newPage(browser)
    const violations = await watchPolicyViolations(page)
    await visit(page, '/login')
    const written = await page.evaluate(() => {
      // Refused by img-src, and by Trusted Types: the app's policy admits no markup.
      const image = new Image()
      image.src = 'https://elsewhere.example/pixel.png'
      try {
        document.body.insertAdjacentHTML('beforeend', '<b id="injected">markup from a string</b>')
      } catch {
        // A TypeError: the sink refused the string.
      }
      return document.getElementById('injected') !== null
    })
    expect(written).toBe(false)
    try {
      await expect
        .poll(async () =>
          (await sandbox.policyReports()).map((report) => `${report.disposition} ${report.directive}`),
        )
        .toEqual(expect.arrayContaining(['enforce img-src', 'enforce require-trusted-types-for']))
      expect(violations.join('\n')).toContain('img-src blocked https://elsewhere.example/pixel.png')
    } finally {
      // Caused on purpose: the run's final check must not count them.
      await sandbox.clearPolicyReports()
    }
  })

  test('no page breaks the policy', async () => {
    const page = await newPage(browser)
    const violations = await watchPolicyViolations(page)
    await signIn(page, 'owner@acme.test')
    for (const pathname of OWNER_PAGES) {
      await visit(page, pathname)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      if (pathname === '/checkout-design') {
        // The merchant's real logo, from an allowed image origin other than the portal's own.
        const logo = page.getByRole('img', { name: 'Acme Outdoor logo' })
        expect(await logo.getAttribute('src')).toMatch(new RegExp(`^${inject('logoOrigin')}/`))
        await expect
          .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
          .toBeGreaterThan(0)
        await screenshot(page, 'checkout-design-logo-desktop')
      }
    }
    const cart = page.getByRole('main').getByRole('table').getByRole('row').nth(1).getByRole('link').first()
    await visit(page, '/carts')
    await cart.click()
    await page.waitForURL((url) => /^\/carts\/[^/]+$/.test(url.pathname) && url.pathname !== '/carts/create')
    await page.waitForLoadState('networkidle')
    expect(violations).toEqual([])
  })
})
