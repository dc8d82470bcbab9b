import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import type { FaultSpec } from '../../sandbox/control'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { expectAxeClean } from './support/axe'
import { desktop, launchBrowser, newPage, phone } from './support/browser'
import { screenshot, signIn } from './support/portal'
import { sandbox } from './support/sandbox'

// Fault tolerance, injected through the sandbox: every page the owner can open fails its main read
// each way and recovers with 'Try Again'; saves fail without losing what was typed and are never
// sent twice; the flag service and the log sink may be down; offline, a 401 mid-session and a page
// whose code is gone after a deploy. One browser and one signed-in page serve the whole file.

let browser: Browser
let page: Page

/** The time-out the next page load reads from /config.json; undefined keeps the built 30 s. */
let configTimeoutMs: number | undefined
/** Short enough to keep the time-out cases quick, long enough for any healthy sandbox answer. */
const SHORT_TIMEOUT_MS = 2_000

type FaultKind = '500' | 'time-out' | 'malformed' | 'drop'

const FAULTS: Record<FaultKind, Omit<FaultSpec, 'path' | 'method'>> = {
  '500': { kind: 'status', status: 500 },
  'time-out': { kind: 'delay', delayMs: SHORT_TIMEOUT_MS + 1_000 },
  malformed: { kind: 'malformed' },
  drop: { kind: 'drop' },
}
const KINDS = Object.keys(FAULTS) as FaultKind[]

const acme = MERCHANT_IDS.acme
let cartId = ''

interface PageCase {
  /** The route, as the test names it. */
  name: string
  path: () => string
  heading: string | RegExp
  /** The read the page cannot be shown without (a sandbox fault path). */
  read: string
  /** Something only the loaded page shows, beyond its heading. */
  loaded?: (page: Page) => Locator
}

const firstRow = (page: Page) => page.getByRole('main').getByRole('table').getByRole('row').nth(1)
const settings = (name: string, heading: string, read: string): PageCase => ({
  name,
  path: () => name,
  heading,
  read: `/api/merchant/${acme}/${read}`,
})

/** Every page the owner can open, with its main read. /carts/create reads nothing: see the saves below. */
const PAGES: PageCase[] = [
  {
    name: '/transactions',
    path: () => '/transactions',
    heading: 'Transactions',
    read: '/api/transactions',
    loaded: firstRow,
  },
  {
    name: '/data-insights',
    path: () => '/data-insights',
    heading: 'Data insights',
    read: `/api/merchant/${acme}/insights`,
  },
  {
    name: '/settlement-report',
    path: () => '/settlement-report',
    heading: 'Settlement report',
    read: '/api/settlements',
  },
  {
    name: '/targeting-export',
    path: () => '/targeting-export',
    heading: 'Targeting export',
    read: '/api/targeting-exports',
  },
  {
    name: '/carts',
    path: () => '/carts',
    heading: 'Carts',
    read: '/api/carts',
    loaded: firstRow,
  },
  {
    name: '/carts/:cartId',
    path: () => `/carts/${cartId}`,
    heading: /^Cart AO-C-\d+$/,
    read: '/api/carts/*',
  },
  {
    name: '/locations',
    path: () => '/locations',
    heading: 'Locations',
    read: `/api/merchant/${acme}/locations`,
    loaded: firstRow,
  },
  {
    name: '/user-management',
    path: () => '/user-management',
    heading: 'User management',
    read: `/api/merchant/${acme}/users`,
    loaded: firstRow,
  },
  settings('/account-settings', 'Account settings', 'business-profile'),
  settings('/general-settings', 'Account settings', 'business-profile'),
  settings('/bank-information', 'Bank information', 'bank-information'),
  settings('/funding-settings', 'Funding settings', 'funding-settings'),
  settings('/email-notifications', 'Email notifications', 'notification-subscriptions'),
  {
    name: '/payment-products',
    path: () => '/payment-products',
    heading: 'Payment products',
    read: '/api/program/*/payment-product-configuration',
  },
  settings('/checkout-design', 'Checkout design', 'checkout-design'),
  settings('/placement-design', 'Placement design', 'placements'),
  settings('/access-keys', 'Access keys', 'access-keys'),
  settings('/location-verification-codes', 'Location verification codes', 'location-verification-codes'),
]

/**
 * These pages go through all four faults; every other page gets one, in turn, so that each kind still
 * meets several pages and the file stays quick (a time-out costs two attempts of SHORT_TIMEOUT_MS).
 */
const EVERY_FAULT = new Set(['/transactions', '/carts'])

type Case = [name: string, kind: FaultKind, pageCase: PageCase]
const cases: Case[] = []
let turn = 0
for (const pageCase of PAGES) {
  if (EVERY_FAULT.has(pageCase.name)) {
    for (const kind of KINDS) cases.push([pageCase.name, kind, pageCase])
    continue
  }
  const kind = KINDS[turn % KINDS.length] ?? '500'
  turn += 1
  cases.push([pageCase.name, kind, pageCase])
}

/**
 * Opens a portal path by a full load, as after typing the address, so that every cache starts empty.
 * `timeoutMs` is the time-out this load of the app reads from /config.json.
 */
async function open(path: string, timeoutMs?: number): Promise<void> {
  configTimeoutMs = timeoutMs
  try {
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/config.json')),
      page.goto(path, { waitUntil: 'commit' }),
    ])
  } finally {
    configTimeoutMs = undefined
  }
}

/** Checks the page with axe and takes its screenshot at desktop and at phone width, then goes back to desktop. */
async function axeCleanAtBothWidths(name: string): Promise<void> {
  await expectAxeClean(page)
  await screenshot(page, `${name}-desktop`)
  await page.setViewportSize(phone)
  await expectAxeClean(page)
  await screenshot(page, `${name}-phone`)
  await page.setViewportSize(desktop)
}

const oops = () => page.getByText('Oops...', { exact: true })
const tryAgain = () => page.getByRole('button', { name: 'Try Again' })

async function requests(path: string, method: string): Promise<number> {
  return (await sandbox.requests({ path, method })).length
}

interface PostCount {
  sent: number
  answered: number
}

/**
 * Runs in the page before its scripts: counts the posts to `path` the page sends and those answered
 * (the logger keeps the `fetch` it finds when the app starts). An answer is counted before the
 * portal's own handling of it runs.
 */
function countPosts(path: string): void {
  const count: PostCount = { sent: 0, answered: 0 }
  Object.assign(window, { __posts: count })
  const send = window.fetch
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href)
    if (url.pathname !== path || init?.method !== 'POST') return send(input, init)
    count.sent += 1
    return send(input, init).finally(() => {
      count.answered += 1
    })
  }
}

/** The page's count of posts since its last full load (see countPosts). */
function sinkPosts(page: Page): Promise<PostCount> {
  return page.evaluate(() => (window as unknown as { __posts: PostCount }).__posts)
}

beforeAll(async () => {
  browser = await launchBrowser()
  page = await newPage(browser)
  // The served config.json, with a short time-out for the loads that test it. It is read once through
  // the browser, which trusts the suite's nginx certificate (Playwright's own fetch does not).
  const served = (await (await page.goto('/config.json'))?.json()) as Record<string, unknown>
  await page.context().route('**/config.json', (route) =>
    route.fulfill({
      json: configTimeoutMs ? { ...served, timeoutMs: configTimeoutMs } : served,
      headers: { 'Cache-Control': 'no-store' },
    }),
  )
  const { portalToken } = await sandbox.session('owner@acme.test')
  const answer = await fetch(`${inject('apiUrl')}/api/carts?merchantID.eq=${acme}&limit=1&offset=0`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2', Accept: 'application/json' },
  })
  const carts = (await answer.json()) as { data: { items: { id: string }[] } }
  cartId = carts.data.items[0]?.id ?? ''
  await signIn(page, 'owner@acme.test')
})

afterAll(async () => {
  await browser?.close()
})

afterEach(async () => {
  await page.context().setOffline(false)
  await sandbox.clearFaults()
})

describe('a failed read shows the Oops box, and Try Again recovers once the fault is lifted', () => {
  /** Each kind's box is checked with axe once. */
  const axeChecked = new Set<string>()

  test.each(cases)('%s: %s', async (name, kind, pageCase) => {
    const fault = await sandbox.addFault({ method: 'GET', path: pageCase.read, ...FAULTS[kind] })
    await open(pageCase.path(), kind === 'time-out' ? SHORT_TIMEOUT_MS : undefined)
    await oops().waitFor()
    await tryAgain().waitFor()
    if (!axeChecked.has(kind)) {
      axeChecked.add(kind)
      await expectAxeClean(page)
      await screenshot(page, `fault-${kind}${name.replaceAll(/[/:]+/g, '-')}-desktop`)
    }
    await sandbox.removeFault(fault)
    const read = new RegExp(`^${pageCase.read.replaceAll('*', '[^/]+')}$`)
    const answered = page.waitForResponse(
      (response) => read.test(new URL(response.url()).pathname) && response.ok(),
    )
    await tryAgain().click()
    await answered
    await oops().waitFor({ state: 'detached' })
    await page.getByRole('heading', { level: 1, name: pageCase.heading }).waitFor()
    if (pageCase.loaded) await pageCase.loaded(page).waitFor()
  })
})

describe('saves', () => {
  test('a failed save keeps what was typed, is sent once, and saves when tried again', async () => {
    const profile = `/api/merchant/${acme}/business-profile`
    // This load reads the short time-out, so the time-out below is quick.
    await open('/account-settings', SHORT_TIMEOUT_MS)
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor()
    const website = page.getByLabel('Website')
    await website.fill('https://fault-tolerant.acmeoutdoor.example')
    const save = page.getByRole('button', { name: 'Save changes' })
    const notSaved = page.getByText('Your changes were not saved.')

    for (const kind of KINDS) {
      await sandbox.clearRequests()
      const fault = await sandbox.addFault({ method: 'PUT', path: profile, ...FAULTS[kind] })
      await save.click()
      await notSaved.waitFor()
      await sandbox.removeFault(fault)
      expect(await website.inputValue(), kind).toBe('https://fault-tolerant.acmeoutdoor.example')
      expect(await requests(profile, 'PUT'), kind).toBe(1)
    }
    await expectAxeClean(page)
    await save.click()
    await page.getByRole('status').filter({ hasText: 'Your business profile was saved.' }).waitFor()
    expect(await notSaved.count()).toBe(0)
  })

  test('a cart that failed to be created is never sent again by itself, and is created once', async () => {
    await open('/carts/create')
    await page.getByRole('heading', { level: 1, name: 'Create cart' }).waitFor()
    await page.getByLabel('Customer name').fill('Grace Hopper')
    await page.getByLabel('Email').fill('grace.hopper@example.com')
    const item = page.getByRole('group', { name: 'Item 1' })
    await item.getByLabel('Item name').fill('Trail Stove')
    await item.getByLabel('Unit price').fill('89.5')
    await page.getByLabel('Street address').fill('2 Pine Rd')
    await page.getByLabel('City').fill('Boulder')
    await page.getByRole('combobox', { name: 'State' }).fill('CO')
    await page.getByRole('option', { name: 'CO' }).click()
    await page.getByLabel('ZIP code').fill('80302')

    // The page's timers follow a clock the test can move on at once (time otherwise flows as ever).
    await page.context().clock.install()
    const create = page.getByRole('button', { name: 'Create cart' })
    const notSaved = page.getByText('The cart was not saved')
    // A time-out is left out: the platform may still create the cart after the portal stopped waiting.
    for (const kind of ['500', 'drop', 'malformed'] as const) {
      await sandbox.clearRequests()
      const fault = await sandbox.addFault({ method: 'POST', path: '/api/carts', ...FAULTS[kind] })
      await create.click()
      await notSaved.waitFor()
      // A minute on: any retry (the read retry waits 300 ms) would have gone out.
      await page.clock.fastForward(60_000)
      expect(await requests('/api/carts', 'POST'), kind).toBe(1)
      await sandbox.removeFault(fault)
      expect(await page.getByLabel('Customer name').inputValue(), kind).toBe('Grace Hopper')
      expect(await item.getByLabel('Unit price').inputValue(), kind).toBe('89.5')
    }
    await sandbox.clearRequests()
    await create.click()
    await page.getByRole('heading', { level: 1, name: /^Cart AO-C-\d+$/ }).waitFor()
    expect(await requests('/api/carts', 'POST')).toBe(1)
  })

  test('a 401 in the middle of a session renews it once and replays the save', async () => {
    const profile = `/api/merchant/${acme}/business-profile`
    await open('/account-settings')
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor()
    await page.getByLabel('Support phone').fill('+1 720 555 0199')
    await sandbox.clearRequests()
    await sandbox.addFault({ method: 'PUT', path: profile, kind: 'status', status: 401, times: 1 })
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByRole('status').filter({ hasText: 'Your business profile was saved.' }).waitFor()
    expect(await requests('/api/auth/org/token/exchange', 'POST')).toBe(1)
    // The refused request and its replay: the platform acted on the second only.
    expect(await requests(profile, 'PUT')).toBe(2)
  })
})

describe('platform services down', () => {
  test('without the flag service the portal runs on default flags: flagged pages closed, no loop', async () => {
    const bulk = '/api/featureflag/evaluation/bulk'
    await sandbox.addFault({ method: 'POST', path: bulk, kind: 'status', status: 500 })
    await sandbox.clearRequests()
    await open('/transactions')
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    await firstRow(page).waitFor()
    expect(await oops().count()).toBe(0)
    // Moving around works too, and asks the flag service nothing more.
    await page.getByRole('link', { name: 'Carts' }).click()
    await page.getByRole('heading', { level: 1, name: 'Carts' }).waitFor()
    // The locations page is behind is_location_page_enabled, which defaults to off.
    await open('/locations')
    await page.getByText('Permission Denied').waitFor()
    // One evaluation per load of the app: a failure is not retried, so it cannot loop.
    expect(await requests(bulk, 'POST')).toBe(2)

    await sandbox.clearFaults()
    await open('/locations')
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor()
  })

  test('without the log sink, failures are still shown and recovered from, and logging does not loop', async () => {
    const sink = '/api/merchant-portal-backend/log'
    const profile = `/api/merchant/${acme}/business-profile`
    await sandbox.addFault({ method: 'POST', path: sink, kind: 'status', status: 500 })
    const read = await sandbox.addFault({ method: 'GET', path: profile, kind: 'status', status: 500 })
    // The page's timers follow a clock the test moves on at once (time otherwise flows as ever).
    await page.context().clock.install()
    const counting = await page.addInitScript(countPosts, sink)
    try {
      await sandbox.clearRequests()
      await open('/account-settings')
      await oops().waitFor()
      // Time moves on a minute at a time, and after each minute every post sent has been answered
      // and its failure handled: a retry, or a post that set off another, would show in the count.
      const counts: number[] = []
      // Ten minutes: later, the token nears its end on the page's moved clock, and its renewal (against
      // servers whose clocks did not move) writes entries of its own (seen from minute 14 on).
      for (let minute = 0; minute < 10; minute += 1) {
        await page.clock.fastForward(60_000)
        await expect
          .poll(() => sinkPosts(page), { timeout: 10_000, message: `every post answered, minute ${minute}` })
          .toSatisfy(({ sent, answered }) => sent > 0 && sent === answered)
        counts.push((await sinkPosts(page)).sent)
      }
      // Each entry is tried three times and given up; nothing is posted after that, however long
      // the sink stays down (a report of what was dropped waits for a post that gets through).
      const total = counts.at(-1) ?? 0
      expect(counts.slice(4), `posts after each minute: ${counts.join(', ')}`).toEqual(
        Array.from({ length: 6 }, () => total),
      )
      expect(total).toBeLessThanOrEqual(9)
      expect(await requests(sink, 'POST')).toBe(total)
    } finally {
      await counting.dispose()
    }

    await sandbox.removeFault(read)
    await tryAgain().click()
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor()
  })
})

describe('the network', () => {
  test('offline, a banner says so; what was asked for meanwhile arrives once back online', async () => {
    await open('/locations')
    await firstRow(page).waitFor()
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' })

    await page.context().setOffline(true)
    await banner.waitFor()
    await page.getByRole('textbox', { name: 'Search locations' }).fill('Boise')
    await page.waitForURL((url) => url.searchParams.get('search') === 'Boise')
    await axeCleanAtBothWidths('fault-offline')

    await page.context().setOffline(false)
    await banner.waitFor({ state: 'detached' })
    await expect
      .poll(async () => {
        const rows = await page.getByRole('main').getByRole('table').getByRole('row').allTextContents()
        return rows.length > 1 && rows.slice(1).every((row) => row.includes('Boise'))
      })
      .toBe(true)
    expect(await page.getByRole('textbox', { name: 'Search locations' }).inputValue()).toBe('Boise')
  })

  test('a control whose code is not here yet, pressed offline, opens once back online; the page stays', async () => {
    await open('/transactions')
    await firstRow(page).waitFor()
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' })
    const failed: string[] = []
    page.on('requestfailed', (request) => failed.push(request.url()))

    await page.context().setOffline(true)
    await banner.waitFor()
    // The status filter's dropdown is a chunk fetched when first reached for: offline, that fails.
    const filters = page.getByRole('search', { name: 'Filter transactions' })
    await filters.getByLabel('Status', { exact: true }).first().click()
    await expect.poll(() => failed.some((url) => url.includes('/assets/') && url.endsWith('.js'))).toBe(true)
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    expect(await page.getByText('This page needs a reload').count()).toBe(0)

    await page.context().setOffline(false)
    await banner.waitFor({ state: 'detached' })
    await page.getByRole('option', { name: 'Settled', exact: true }).waitFor()
    expect(await page.getByText('This page needs a reload').count()).toBe(0)
    await firstRow(page).waitFor()
  })

  test('a page not opened before, chosen offline, says it waits for the network and opens once back online', async () => {
    await open('/transactions')
    await firstRow(page).waitFor()
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' })
    await page.context().setOffline(true)
    await banner.waitFor()
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Locations' })
      .click()
    await page
      .getByRole('heading', { level: 1, name: 'This page will open when you are back online' })
      .waitFor()
    expect(await page.getByText('This page needs a reload').count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/locations')
    await axeCleanAtBothWidths('fault-offline-page')

    await page.context().setOffline(false)
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor()
    await firstRow(page).waitFor()
  })

  test('a page without data of its own, chosen offline, opens once back online; the portal is never replaced', async () => {
    await open('/carts')
    await page.getByRole('heading', { level: 1, name: 'Carts' }).waitFor()
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' })
    const documents: string[] = []
    page.on('framenavigated', (frame) => documents.push(frame.url()))
    await page.context().setOffline(true)
    await banner.waitFor()
    // The router's own split component reloads the page when its code cannot be fetched: offline, the
    // browser's error page would replace the portal.
    await page.getByRole('main').getByRole('link', { name: 'Create cart' }).click()
    await page.waitForURL((url) => url.pathname === '/carts/create')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0)
    await banner.waitFor()
    expect(documents.filter((url) => !url.startsWith(inject('baseURL')))).toEqual([])
    await axeCleanAtBothWidths('fault-offline-create-cart')

    await page.context().setOffline(false)
    await page.getByRole('heading', { level: 1, name: 'Create cart' }).waitFor()
    expect(documents.filter((url) => !url.startsWith(inject('baseURL')))).toEqual([])
  })

  test('a connection cut between the browser and the platform says so, and Try Again recovers', async () => {
    // Through nginx's proxy a sandbox 'drop' reaches the browser as a 502; this is the
    // browser's own view of a reset connection.
    const profile = /\/api\/merchant\/[^/]+\/business-profile$/
    await page.route(profile, (route) => route.abort('connectionreset'))
    try {
      await open('/account-settings')
      await oops().waitFor()
      await page.getByText('We could not reach the server. Check your connection.').waitFor()
    } finally {
      await page.unroute(profile)
    }
    await tryAgain().click()
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor()
  })

  test('a page whose code is gone after a deploy offers a reload, which brings it back', async () => {
    await open('/transactions')
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    // The locations route's chunks (its loader and its component), as a new deploy would have removed them.
    const chunks = /\/assets\/locations-[\w-]+\.js$/
    let refused = 0
    await page.route(chunks, (route) => {
      refused += 1
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' })
    })
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Locations' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'This page needs a reload' }).waitFor()
    expect(refused).toBeGreaterThan(0)
    expect(await oops().count()).toBe(0)
    await expectAxeClean(page)
    await screenshot(page, 'fault-chunk-reload-desktop')

    await page.unroute(chunks)
    await page.getByRole('button', { name: 'Reload' }).click()
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor()
    await firstRow(page).waitFor()
  })
})
