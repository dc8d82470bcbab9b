// The bench's measurements, each in its own fresh browser context on the stage.
import type { BrowserContext, Page } from 'playwright-core'
import { fillSignIn } from '../../test/e2e/support/chromium.ts'
import { readBuild } from '../bundle-size.ts'
import { untilBrowserIdle } from './browser-idle.ts'
import { CPU_SLOWDOWN, LATENCY_MS, OPS, PHONE } from './options.ts'
import type { Stage } from './stage.ts'
import {
  installVitals,
  median,
  sequentialWaves,
  startTrace,
  type TimedCall,
  threadTimeBlocking,
  totalBlockingTime,
} from './vitals.ts'

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

export async function signIn(page: Page, baseURL: string, username: string): Promise<void> {
  await page.goto(`${baseURL}/login`)
  await fillSignIn(page, username, baseURL)
}

/** Signs a user in once and returns what a fresh context needs to start signed in. */
export async function signedInState(stage: Stage, username: string): Promise<StorageState> {
  const context = await stage.newContext()
  const page = await context.newPage()
  await signIn(page, stage.baseURL, username)
  const state = await context.storageState()
  await context.close()
  return state
}

export interface TransactionsLoad {
  fcpMs: number | null
  lcpMs: number | null
  lcpElement: string | null
  cls: number
  tbtMs: number | null
  cpuTbtMs: number | null
  longTasks: number
  jsRequested: number
  /** Of them, those the page asked for before its largest paint (the rest load after it, on purpose). */
  jsBeforeLcp: number
  jsGzipKb: number
}

const FIRST_ROW_SHOWN = 'bench: the first transaction shows'

/**
 * Runs in the page: writes `marker` to the console once the first transaction shows (a table row, or on
 * a phone's screen, below 64em, a card of the list). The bench waits for that message rather than
 * asking the page: Playwright's first query of a page installs its own script there (155 ms at 4× CPU,
 * seen in a trace), on the main thread the load is measured on — it put 280 ms on the median LCP.
 */
function announceFirstRow(marker: string): void {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('main table tbody tr, main ul[aria-label="Transactions"] > li')) return
    observer.disconnect()
    console.log(marker)
  })
  observer.observe(document, { subtree: true, childList: true })
}

/** One cold load of /transactions as a signed-in user, throttled; returns its vitals. */
export async function transactionsLoad(
  stage: Stage,
  outDir: string,
  state: StorageState,
): Promise<TransactionsLoad> {
  const context = await stage.newContext({ ...PHONE, storageState: state })
  const page = await context.newPage()
  await page.addInitScript(installVitals)
  await page.addInitScript(announceFirstRow, FIRST_ROW_SHOWN)
  // Before the throttling, as a throttled renderer keeps most of a core busy even while its page is
  // idle (1.7 s of CPU in 2 s, measured), and the wait would never see the browser idle.
  await untilBrowserIdle()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  const scripts = new Set<string>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin === stage.baseURL && url.pathname.endsWith('.js')) scripts.add(url.pathname)
  })
  const trace = await startTrace(cdp)
  const firstRow = page.waitForEvent('console', {
    predicate: (message) => message.text() === FIRST_ROW_SHOWN,
    timeout: 60_000,
  })
  await page.goto('/transactions')
  await firstRow
  await page.waitForLoadState('networkidle')
  // A quiet second for late layout shifts and long tasks.
  await page.waitForTimeout(1_000)
  const vitals = await page.evaluate(() => window.__benchVitals)
  if (!vitals) throw new Error('the page did not collect its vitals')
  const lcpAt = vitals.lcp
  const jsBeforeLcp = await page.evaluate(
    (until) =>
      performance
        .getEntriesByType('resource')
        .filter(
          (entry) =>
            new URL(entry.name).pathname.endsWith('.js') && (until === null || entry.startTime < until),
        ).length,
    lcpAt,
  )
  const cpuTbtMs = threadTimeBlocking(await trace.stop())
  await context.close()
  const build = readBuild(outDir)
  const jsGzip = [...scripts].reduce((sum, file) => sum + build.gzipSize(file.slice(1)), 0)
  return {
    fcpMs: vitals.fcp,
    lcpMs: vitals.lcp,
    lcpElement: vitals.lcpElement,
    cls: vitals.cls,
    tbtMs: totalBlockingTime(vitals),
    cpuTbtMs,
    longTasks: vitals.longTasks.length,
    jsRequested: scripts.size,
    jsBeforeLcp,
    jsGzipKb: jsGzip / 1024,
  }
}

export interface RoundTrips {
  waves: number
  calls: number
  headingAfterMs: number
  paths: string[]
}

/** The API calls before /transactions shows its heading, with LATENCY_MS on each (a sandbox fault). */
export async function roundTrips(stage: Stage, state: StorageState): Promise<RoundTrips> {
  const context = await stage.newContext({ storageState: state })
  const page = await context.newPage()
  const calls: TimedCall[] = []
  const startedAt = new Map<object, number>()
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) startedAt.set(request, Date.now())
  })
  page.on('requestfinished', (request) => {
    const start = startedAt.get(request)
    if (start !== undefined) calls.push({ path: new URL(request.url()).pathname, start, end: Date.now() })
  })
  await stage.control.addFault({ path: '/api/**', kind: 'delay', delayMs: LATENCY_MS })
  try {
    const begin = Date.now()
    await page.goto('/transactions')
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    const shownAt = Date.now()
    const before = calls.filter((call) => call.end <= shownAt)
    return {
      waves: sequentialWaves(before),
      calls: before.length,
      headingAfterMs: shownAt - begin,
      paths: before.map((call) => call.path),
    }
  } finally {
    await stage.control.clearFaults()
    await context.close()
  }
}

/** What the list shows before an interaction, and the merchant it must show after one. */
interface ListChange {
  before: string | null
  merchant?: string
}

/**
 * Times `act` from the click it makes (the event's own time stamp) to the frame where the list has
 * settled after `change`.
 */
export async function timeUntilListSettles(
  page: Page,
  act: () => Promise<void>,
  change: ListChange,
): Promise<number> {
  await page.evaluate(() => {
    window.__benchClick = null
    document.addEventListener(
      'click',
      (event) => {
        window.__benchClick ??= event.timeStamp
      },
      { capture: true, once: true },
    )
  })
  await act()
  const end = await page
    .waitForFunction(listSettled, change, { polling: 'raf', timeout: 60_000 })
    .then((handle) => handle.jsonValue())
  const click = await page.evaluate(() => window.__benchClick)
  if (typeof end !== 'number' || typeof click !== 'number') throw new Error('the click was not timed')
  return end - click
}

/**
 * In the page: the list is settled when its status line shows a count other than `before`, the table
 * is not busy and, when `merchant` is given, the header's merchant chooser shows it; returns the time.
 */
function listSettled({ before, merchant }: ListChange): number | false {
  if (merchant !== undefined) {
    const input = document.querySelector<HTMLInputElement>('header input[aria-label="Merchant"]')
    if (!input || input.disabled || input.value !== merchant) return false
  }
  const status = [...document.querySelectorAll('[role="status"]')].find((element) =>
    /^Showing /.test(element.textContent ?? ''),
  )
  const table = document.querySelector('table')
  if (!status || !table || table.getAttribute('aria-busy') === 'true') return false
  return status.textContent !== before ? performance.now() : false
}

export const listStatusText = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^Showing / })
    .first()
    .textContent()

export interface Timings {
  medianMs: number | null
  timesMs: number[]
}

/** Three status filter changes on 50 000 transactions. */
export async function filterChanges(stage: Stage, state: StorageState): Promise<Timings> {
  const context = await stage.newContext({ storageState: state })
  const page = await context.newPage()
  await page.goto('/transactions')
  await page.getByRole('table').waitFor()
  await page.waitForLoadState('networkidle')
  const statusFilter = page
    .getByRole('search', { name: 'Filter transactions' })
    .getByLabel('Status', { exact: true })
    .first()
  const times: number[] = []
  // Add a status, add another, take the first away: three filter changes on 50 000 transactions.
  for (const status of ['Settled', 'Refunded', 'Settled']) {
    const before = await listStatusText(page)
    // Forced: once pills show, the field's own wrapper takes the click, which opens the list all the same.
    await statusFilter.click({ force: true })
    const option = page.getByRole('option', { name: status, exact: true })
    await option.waitFor()
    times.push(await timeUntilListSettles(page, () => option.click(), { before }))
    await page.keyboard.press('Escape')
    await page.waitForLoadState('networkidle')
  }
  await context.close()
  return { medianMs: median(times), timesMs: times }
}

/** Signs in as the ops user and chooses `merchant` on the chooser page. */
async function opsWithMerchant(stage: Stage, merchant: string): Promise<Page> {
  const context = await stage.newContext()
  const page = await context.newPage()
  await signIn(page, stage.baseURL, OPS)
  await page.getByRole('heading', { level: 1, name: 'Choose a merchant' }).waitFor()
  await page.getByRole('main').getByLabel('Merchant', { exact: true }).click()
  await page.getByRole('option', { name: merchant }).click()
  await page.getByRole('table').waitFor()
  await page.waitForLoadState('networkidle')
  return page
}

/** Three merchant switches on /transactions, from the header's chooser. */
export async function merchantSwitches(stage: Stage): Promise<Timings> {
  const page = await opsWithMerchant(stage, 'Globex Home')
  const chooser = page.getByRole('banner').getByLabel('Merchant', { exact: true })
  const times: number[] = []
  // Globex Home → Acme Outdoor (50 000 transactions) → Globex Home → Acme Outdoor, on /transactions.
  for (const merchant of ['Acme Outdoor', 'Globex Home', 'Acme Outdoor']) {
    const before = await listStatusText(page)
    await chooser.click({ force: true })
    const option = page.getByRole('option', { name: merchant, exact: true })
    await option.waitFor()
    times.push(await timeUntilListSettles(page, () => option.click(), { before, merchant }))
    await page.waitForLoadState('networkidle')
  }
  await page.context().close()
  return { medianMs: median(times), timesMs: times }
}

export interface Heap {
  usedMb: number
  totalMb: number
  pages: string[]
}

/** Visits every page a user with every scope can reach through the navigation, then weighs the heap. */
export async function heapAfterEveryPage(stage: Stage): Promise<Heap> {
  const page = await opsWithMerchant(stage, 'Acme Outdoor')
  const navigationLinks = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('nav a[href^="/"]')]
        .map((link) => new URL(link.href).pathname)
        .filter((pathname) => !/logout|login/.test(pathname)),
    )
  const visited = ['/transactions']
  const queue = await navigationLinks()
  for (let pathname = queue.shift(); pathname !== undefined; pathname = queue.shift()) {
    if (visited.includes(pathname)) continue
    visited.push(pathname)
    const heading = await page.locator('h1').first().textContent()
    // A click on the page's own link: a client-side navigation, as a user moves through the portal.
    await page.locator(`nav a[href="${pathname}"]`).first().click()
    const target = pathname
    await page.waitForURL((url) => url.pathname === target)
    // The page has rendered when its own heading replaced the previous page's (every page has one h1).
    await page
      .waitForFunction((previous) => document.querySelector('h1')?.textContent !== previous, heading, {
        timeout: 10_000,
      })
      .catch(() => {})
    await page.waitForLoadState('networkidle')
    for (const link of await navigationLinks())
      if (!visited.includes(link) && !queue.includes(link)) queue.push(link)
  }
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.enable')
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize, totalSize } = await cdp.send('Runtime.getHeapUsage')
  await page.context().close()
  return { usedMb: usedSize / 1024 / 1024, totalMb: totalSize / 1024 / 1024, pages: visited }
}
