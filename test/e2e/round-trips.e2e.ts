import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, newPage } from './support/browser'
import { signIn } from './support/portal'
import { sandbox } from './support/sandbox'

const LATENCY_MS = 200
const BUDGET = 2

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await sandbox.clearFaults()
  await browser?.close()
})

/**
 * Counts the API round trips that had to happen one after another before the page showed: with a
 * fixed latency on every call, a call that starts after an earlier one finished is a new wave.
 */
function sequentialWaves(calls: { start: number; end: number }[]): number {
  let waves = 0
  let frontier = Number.NEGATIVE_INFINITY
  for (const call of [...calls].sort((a, b) => a.start - b.start)) {
    if (call.start >= frontier) {
      waves++
      frontier = Math.min(...calls.filter((c) => c.start >= call.start).map((c) => c.end))
    }
  }
  return waves
}

/**
 * What shows a page's own data, not only its heading (which shows as soon as the guard lets the page
 * in): the key figures, the rows.
 */
const PAGES: [string, (page: Page) => Locator][] = [
  ['/data-insights', (page) => page.getByRole('main').getByRole('region', { name: 'Key figures' })],
  ['/transactions', (page) => page.getByRole('main').getByRole('table')],
]

describe('round trips before the first protected page', () => {
  // The page is loaded again after signing in, as a returning user opens it: the guard asks for the
  // programs the merchant had last time alongside its participations (src/guards/steps/programs.ts) —
  // and, unless told to forget them, starts from the facts the last page load read
  // (src/guards/remembered-facts.ts), which takes the guard's round trip away.
  const cases = PAGES.flatMap(([path, data]) => [
    { path, data, facts: 'forgotten', budget: BUDGET },
    { path, data, facts: 'remembered', budget: 1 },
  ])
  test.each(cases)(
    `$path shows its data after at most $budget sequential API round trips with ${LATENCY_MS} ms latency, the last load's facts $facts`,
    async ({ path, data, facts, budget }) => {
      const page = await newPage(browser)
      await signIn(page, 'owner@acme.test')
      await page.goto(path)
      await data(page).waitFor()
      // The guard's facts are written down once the page has painted.
      await expect
        .poll(() => page.evaluate(() => window.localStorage.getItem('mp:guardFacts')), { timeout: 10_000 })
        .not.toBeNull()
      if (facts === 'forgotten') await page.evaluate(() => window.localStorage.removeItem('mp:guardFacts'))
      await sandbox.addFault({ path: '/api/**', kind: 'delay', delayMs: LATENCY_MS })
      const calls: { url: string; start: number; end: number }[] = []
      const started = new Map<object, number>()
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) started.set(request, Date.now())
      })
      page.on('requestfinished', (request) => {
        const start = started.get(request)
        if (start !== undefined) calls.push({ url: request.url(), start, end: Date.now() })
      })
      const begin = Date.now()
      await page.reload()
      await data(page).waitFor()
      const elapsed = Date.now() - begin
      const before = calls.filter((call) => call.end <= begin + elapsed)
      const waves = sequentialWaves(before)
      console.log(
        `${path} (facts ${facts}): ${before.length} API calls in ${waves} sequential round trips, data after ${elapsed} ms`,
      )
      await sandbox.clearFaults()
      expect(waves).toBeLessThanOrEqual(budget)
    },
  )
})

describe('what a page load downloads', () => {
  test('config.json is asked for once, by the HTML beside the entry script, and /transactions needs at most three scripts', async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    const requests: { path: string; initiator: string }[] = []
    cdp.on('Network.requestWillBeSent', (event) => {
      const url = new URL(event.request.url)
      if (url.origin === new URL(page.url()).origin)
        requests.push({ path: url.pathname, initiator: event.initiator.type })
    })
    await page.goto('/transactions')
    await page.getByRole('main').getByRole('table').waitFor()
    // What the page needed to show its table; the sign-in library, the logger's delivery, the idle
    // warning's dialog, the navigation's Needs action count and the writer of the guard's facts, loaded
    // once the page has painted and is idle (src/auth/keep-alive.ts, src/log/logger.ts,
    // src/auth/components/idle-warning.tsx, src/app/shell/app-shell.tsx, src/guards/steps/programs.ts),
    // are counted apart.
    const shown = requests.length
    // The idle warning's dialog is fetched a few seconds after start-up; the last of those loads.
    await expect
      .poll(() => requests.some((request) => /\/idle-warning-dialog-[^/]*\.js$/.test(request.path)), {
        timeout: 20_000,
      })
      .toBe(true)
    await page.waitForLoadState('networkidle')

    // Preloaded from index.html, so its download overlaps the script's, and the app's own fetch takes
    // the preloaded answer instead of asking again.
    const config = requests.filter((request) => request.path === '/config.json')
    expect(config).toEqual([{ path: '/config.json', initiator: 'parser' }])
    // So are the signed-in shell's script and styles (scripts/shell-preload.ts), which would
    // otherwise start only once the entry script had run.
    const shell = requests.filter((request) => /\/assets\/landing-[^/]*\.(js|css)$/.test(request.path))
    expect(shell.map((request) => request.initiator)).toEqual(['parser', 'parser'])
    // And the page's own script and styles, which would otherwise start once the router had run.
    const own = requests.filter((request) => /\/assets\/transactions-[^/]*\.(js|css)$/.test(request.path))
    expect(own.map((request) => request.initiator)).toEqual(['parser', 'parser'])
    // Entry, the signed-in layout with what it shares with the page, the page: not the few dozen
    // tiny chunks automatic splitting makes (each a round trip on a phone), and not the code only
    // other pages share (vite.config.ts, the landing chunk).
    const isScript = (request: { path: string }) => request.path.endsWith('.js')
    const scripts = new Set(
      requests
        .slice(0, shown)
        .filter(isScript)
        .map((r) => r.path),
    )
    console.log(`/transactions: ${scripts.size} scripts: ${[...scripts].join(' ')}`)
    expect(scripts.size).toBeLessThanOrEqual(3)
    const later = requests
      .slice(shown)
      .filter(isScript)
      .map((r) => r.path)
    expect(
      later.every((path) =>
        /\/(oidc-client-ts|log-pipeline|needs-action-nav-badge|idle-warning-dialog|floating|remember-facts)-[^/]*\.js$/.test(
          path,
        ),
      ),
      later.join(' '),
    ).toBe(true)
    // Neither before the first paint nor after it does the page fetch the chunk other pages share,
    // nor the phone-number library that chunk imports (the idle dialog's Modal is a floating component).
    expect([...scripts, ...later].filter((script) => /\/(shared|phone)-[^/]*\.js$/.test(script))).toEqual([])
    await page.context().close()
  })

  test('the sign-in page downloads the entry alone, not the signed-in shell', async () => {
    const page = await newPage(browser)
    const scripts: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/assets/')) scripts.push(url.pathname)
    })
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(scripts.filter((path) => /\/(landing|transactions)-[^/]*\.(js|css)$/.test(path))).toEqual([])
    expect(scripts.some((path) => /\/index-[^/]*\.js$/.test(path))).toBe(true)
    await page.context().close()
  })

  test("another signed-in page preloads the shell's code, not the landing page's", async () => {
    const page = await newPage(browser)
    await signIn(page, 'owner@acme.test')
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    const parsed: string[] = []
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.initiator.type === 'parser') parsed.push(new URL(event.request.url).pathname)
    })
    await page.goto('/locations')
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor()
    expect(parsed.filter((path) => /\/landing-[^/]*\.(js|css)$/.test(path))).toHaveLength(2)
    expect(parsed.filter((path) => /\/transactions-[^/]*\.(js|css)$/.test(path))).toEqual([])
    await page.context().close()
  })
})
