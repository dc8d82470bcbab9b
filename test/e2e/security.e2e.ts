import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { securityHeaders } from '../../deploy/security-headers'
import { FORMULA_CUSTOMER_NAME } from '../../sandbox/resources/transactions-ledger'
import { parseCsv } from '../../src/shared/csv'
import { expectAxeClean } from './support/axe'
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
      // Each answer's own style nonce: nginx's request id.
      const styleNonce = /'nonce-([^']*)'/.exec(headers['content-security-policy'] ?? '')?.[1] ?? ''
      expect(styleNonce, pathname).toMatch(/^[0-9a-f]{32}$/)
      const expected = securityHeaders(idp, { linkPage, imageOrigins: [inject('logoOrigin')], styleNonce })
      const sent = Object.fromEntries(
        Object.keys(expected).map((name) => [name, headers[name.toLowerCase()]]),
      )
      expect(sent, pathname).toEqual(expected)
      expect(response?.url(), pathname).toMatch(/^https:/)
    }
    expect((await page.goto(`${asset}.map`))?.status()).toBe(404)
    // HTTP/2 and Brotli (the build's precompressed copy), as production serves them to Chromium.
    const script = await page.goto(`${asset}?compressed`)
    expect(await script?.headerValue('content-encoding')).toBe('br')
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

  test('styles apply by each answer’s own nonce, and by nothing else', async () => {
    // The nonce of a page is fresh for every answer, and the page names the one its policy names.
    const seen = new Set<string>()
    for (const pathname of ['/', '/', '/transactions?page=2', '/activate/some-token']) {
      const probe = await newPage(browser)
      const answer = await probe.goto(pathname)
      if (!answer) throw new Error(`no answer for ${pathname}`)
      const policy = answer.headers()['content-security-policy'] ?? ''
      const nonce = /'nonce-([^']*)'/.exec(policy)?.[1] ?? ''
      const body = await answer.text()
      expect(body, pathname).toContain(`<meta property="csp-nonce" nonce="${nonce}">`)
      expect(body, pathname).not.toContain('CSP_NONCE_PLACEHOLDER')
      expect(policy).not.toContain('unsafe-inline')
      seen.add(nonce)
      await probe.context().close()
    }
    expect(seen.size).toBe(4)

    const page = await newPage(browser)
    const violations = await watchPolicyViolations(page)
    await signIn(page, 'owner@acme.test')
    await visit(page, '/transactions')
    // A dialog adds the scroll lock's style element (react-remove-scroll, outside React).
    await page.getByRole('button', { name: 'Export CSV' }).click()
    await page.getByRole('dialog', { name: 'Export transactions' }).waitFor()
    const styles = await page.evaluate(() => {
      const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? ''
      return {
        nonce,
        elements: [...document.querySelectorAll('style')].map((style) => ({
          nonce: style.nonce,
          applied: style.sheet !== null && style.sheet.cssRules.length > 0,
          scrollLock: style.textContent?.includes('with-scroll-bars-hidden') ?? false,
        })),
        // Set only by Mantine's CSS variables element, from the brand (src/brand/brands.ts).
        errorColor: getComputedStyle(document.documentElement)
          .getPropertyValue('--mantine-color-error')
          .trim(),
        defaultPolicy: (window as unknown as { trustedTypes?: { defaultPolicy: unknown } }).trustedTypes
          ?.defaultPolicy,
      }
    })
    expect(styles.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(styles.elements.length).toBeGreaterThan(1)
    for (const element of styles.elements)
      expect(element).toMatchObject({ nonce: styles.nonce, applied: true })
    expect(styles.elements.some((element) => element.scrollLock)).toBe(true)
    expect(styles.errorColor).toBe('#c92a2a')
    expect(styles.defaultPolicy).toBeNull()
    expect(violations).toEqual([])

    // A style element without the nonce, and a style attribute in markup, are refused.
    const refused = await page.evaluate(() => {
      const style = document.createElement('style')
      style.textContent = 'body { background: rgb(255, 0, 0); }'
      document.head.append(style)
      const holder = document.createElement('div')
      holder.setAttribute('style', 'color: rgb(255, 0, 0)')
      document.body.append(holder)
      return {
        sheet: style.sheet,
        background: getComputedStyle(document.body).backgroundColor,
        color: getComputedStyle(holder).color,
      }
    })
    try {
      expect(refused.sheet).toBeNull()
      expect(refused.background).not.toBe('rgb(255, 0, 0)')
      expect(refused.color).not.toBe('rgb(255, 0, 0)')
      await expect
        .poll(async () => (await sandbox.policyReports()).map((report) => report.directive))
        .toEqual(expect.arrayContaining(['style-src-elem', 'style-src-attr']))
    } finally {
      // Caused on purpose: the run's final check must not count them.
      await sandbox.clearPolicyReports()
    }
  })

  test('the start-up error page is styled under the policy', async () => {
    const page = await newPage(browser)
    const violations = await watchPolicyViolations(page)
    await page.route('**/config.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"timeoutMs":"soon"}' }),
    )
    await page.goto('/login')
    const heading = page.getByRole('heading', { name: 'The Merchant Portal could not start' })
    await heading.waitFor()
    expect(await page.locator('main').evaluate((main) => getComputedStyle(main).maxWidth)).toBe('640px')
    expect(violations).toEqual([])
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

  test('a copied card number is taken off the clipboard a minute later, if it is still there', async () => {
    const page = await newPage(browser, undefined, { permissions: ['clipboard-read', 'clipboard-write'] })
    await signIn(page, 'ops@provider.test')
    await page.getByRole('main').getByLabel('Merchant', { exact: true }).click()
    await page.getByRole('option', { name: 'Acme Outdoor' }).click()
    const section = page.getByRole('region', { name: 'In-store virtual cards' })
    await section.getByRole('button', { name: 'Issue virtual card' }).click()
    const form = page.getByRole('dialog', { name: 'Issue a virtual card' })
    await form.getByLabel('Amount').fill('42.00')
    await form.getByRole('button', { name: 'Issue card' }).click()
    const issued = page.getByRole('dialog', { name: 'Virtual card issued' })
    await issued.waitFor()

    await expectAxeClean(page)

    // From here on the page's clock is the test's, standing still but for the minute it skips.
    await page.clock.install()
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
    await issued.getByRole('button', { name: 'Copy card number' }).click()
    const note = issued.getByTestId('clipboard-note')
    await note.getByText('if it is still there', { exact: false }).waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toMatch(/^4000\d{12}$/)

    await page.clock.fastForward(59_000)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(copied)
    await page.clock.fastForward(1_000)
    await note.getByText('The card number was taken off the clipboard.').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('')

    // What was copied since is left alone.
    await issued.getByRole('button', { name: 'Copy card number' }).click()
    await note.getByText('if it is still there', { exact: false }).waitFor()
    await page.evaluate(() => navigator.clipboard.writeText('something of the user’s own'))
    await page.clock.fastForward(60_000)
    await note.getByText('Something else was copied since, so the clipboard was left as it is.').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('something of the user’s own')
    await page.context().close()
  })

  test('a violation is reported to the platform, where the sandbox records it', async () => {
    const page = await newPage(browser)
    const violations = await watchPolicyViolations(page)
    await visit(page, '/login')
    const written = await page.evaluate(() => {
      // Refused by img-src, and by Trusted Types: no default policy turns a string into markup.
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
