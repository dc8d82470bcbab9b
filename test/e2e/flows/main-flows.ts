import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import type { EngineName } from '../driver/driver'
import { openPortal } from '../driver/open'
import { type PortalPage, type Query, role } from '../driver/page'
import { SETTINGS_PAGES } from '../support/pages'
import { sandbox } from '../support/sandbox'

// The main flows, written once through the driver interface and run in Chromium (by the browser suite)
// and in Firefox ESR and WebKitGTK (by npm run test:e2e:engines).

const DENIED =
  'You do not have permissions to view this page. If you think this is incorrect, please contact the Merchant Success team.'

/** Every page, by path, with its h1; a provider's staff member acting for Acme Outdoor sees them all. */
export const EVERY_PAGE: readonly (readonly [string, string])[] = [
  ['/transactions', 'Transactions'],
  ['/data-insights', 'Data insights'],
  ['/settlement-report', 'Settlement report'],
  ['/targeting-export', 'Targeting export'],
  ['/carts', 'Carts'],
  ['/carts/create', 'Create cart'],
  ['/locations', 'Locations'],
  ['/user-management', 'User management'],
  // /general-settings is the same page as /account-settings.
  ...SETTINGS_PAGES.filter(([path]) => path !== '/general-settings'),
]

/** The list pages: at every width their key columns show without scrolling sideways. */
const LIST_PAGES = ['/transactions', '/carts', '/locations', '/user-management', '/settlement-report']

const h1 = (name: string): Query => role('heading', name, { level: 1 })
const status = (pattern: string): Query => ({ role: 'status', pattern })

/** The page shows this h1 alone, no 'Oops...' box, nothing in the console, and passes axe. */
export async function expectPageOk(page: PortalPage, heading: string): Promise<void> {
  await page.waitFor(h1(heading))
  expect(await page.count(role('heading', undefined, { level: 1 })), `one h1 on ${heading}`).toBe(1)
  expect(await page.count({ text: 'Oops...' }), `no 'Oops...' on ${heading}`).toBe(0)
  expect((await page.problems()).join('\n'), `problems on ${heading}`).toBe('')
  expect((await page.axeViolations()).join('\n'), `axe on ${heading}`).toBe('')
}

/** Nothing in the console, no uncaught error and no policy violation since the last look. */
async function expectNoProblems(page: PortalPage, where: string): Promise<void> {
  expect((await page.problems()).join('\n'), `problems on ${where}`).toBe('')
}

/** Staff of the provider choose the merchant they act for on their first page. */
async function chooseMerchant(page: PortalPage, merchant: string): Promise<void> {
  await page.waitFor(h1('Choose a merchant'))
  await page.click({ label: 'Merchant', within: { role: 'main' } })
  await page.click(role('option', merchant))
  await page.waitFor(h1('Transactions'))
}

export function mainFlows(engine: EngineName): void {
  let page: PortalPage | undefined

  async function open(): Promise<PortalPage> {
    page = await openPortal(engine)
    return page
  }

  afterEach(async () => {
    await page?.driver.close()
    page = undefined
  })

  describe(`main flows in ${engine}`, () => {
    test('sign in, land on transactions, sign out', async () => {
      const page = await open()
      await page.goto('/login')
      await expectPageOk(page, 'Sign in')
      await page.signInWithForm('owner@acme.test')
      expect((await page.url()).pathname).toBe('/transactions')
      await expectPageOk(page, 'Transactions')
      await page.signOut()
      await page.goto('/transactions')
      await page.waitForUrl('/login', (url) => url.pathname === '/login')
    })

    test('the guards: Permission Denied and page not found', async () => {
      const page = await open()
      await page.signInAt('viewer@acme.test', '/user-management')
      await page.waitFor({ text: DENIED })
      // A refusal is the router's outcome, not a failure: nothing in the console (src/main.tsx).
      await expectNoProblems(page, '/user-management')
      await page.click(role('link', 'Return to home page'))
      await page.waitForUrl('/transactions', (url) => url.pathname === '/transactions')
      await page.goto('/no-such-page')
      await page.waitFor({ text: 'Page not found' })
      await expectNoProblems(page, (await page.url()).pathname)
    })

    test('transactions: filter, search, open one, refund part of it', async () => {
      const page = await open()
      await page.signInAt('owner@acme.test', '/transactions')
      const filters: Query = role('search', 'Filter transactions')
      await page.click({ label: 'Status', within: filters })
      await page.click(role('option', 'Settled'))
      await page.press('Escape')
      await page.waitForUrl('filtered by status', (url) => url.searchParams.has('status'))
      const firstRow = role('row', undefined, { nth: 1, within: role('table') })
      await page.waitUntil('settled rows', async () => {
        const busy = await page.driver.run<boolean>(
          '() => !!document.querySelector(\'table[aria-busy="true"]\')',
        )
        return !busy && (await page.text(firstRow)).includes('Settled')
      })
      const firstId = role('link', undefined, { pattern: '^TX-', within: role('table') })
      const id = await page.text(firstId)
      expect(id).toMatch(/^TX-/)

      await page.fill({ label: 'Search' }, id)
      await page.waitForUrl(`searching ${id}`, (url) => url.searchParams.get('search') === id)
      await page.waitUntil('one row', async () => (await page.count(role('row'))) === 2)

      await page.click(role('link', id))
      const drawer = role('dialog', `Transaction ${id}`)
      await page.waitFor(drawer)
      await page.click(role('button', 'Refund', { within: role('group', 'Actions', { within: drawer }) }))
      const refund = role('dialog', `Refund transaction ${id}`)
      await page.waitFor(refund)
      await page.setChecked({ label: 'Part of it', within: refund }, true)
      await page.fill({ label: 'Amount to refund', within: refund }, '10.00')
      await page.click(role('button', 'Refund $10.00', { within: refund }))
      await page.waitFor(status(`^Refunded \\$10\\.00 on ${id}`))
      await page.waitFor({ text: 'Timeline', within: drawer })
      await expectNoProblems(page, (await page.url()).pathname)
    })

    test('Needs action: what is due, nearest deadline first, and a dispute awaiting an answer', async () => {
      const page = await open()
      await page.signInAt('owner@acme.test', '/transactions')
      const summary = role('region', 'Summary of matching transactions')
      await page.click(role('button', undefined, { pattern: '^Needs action', within: summary }))
      await page.waitForUrl('the Needs action view', (url) => url.searchParams.get('needsAction') === 'true')
      const table = role('table')
      await page.waitFor(role('columnheader', undefined, { pattern: 'Deadline', within: table }))
      // Once the view's rows are in (the previous ones stay, dimmed, meanwhile) each has a deadline.
      await page.waitUntil('every row with a deadline', async () =>
        page.driver.run<boolean>(`() => {
          const rows = [...document.querySelectorAll('table tbody tr')]
          return !document.querySelector('table[aria-busy="true"]') && rows.length > 1 &&
            rows.every((row) => /Respond by|Expires/.test(row.textContent ?? ''))
        }`),
      )
      // Nearest first: the deadlines' "in N days" never go down the list.
      const days = await page.driver.run<number[]>(`() =>
        [...document.querySelectorAll('table tbody tr')].map((row) => {
          const text = row.textContent ?? ''
          const match = /in (\\d+) days?/.exec(text)
          return match ? Number(match[1]) : /hours? left|in \\d+ hours?|minutes?/.test(text) ? 0 : -1
        })`)
      expect(days.filter((day) => day >= 0)).toEqual(
        [...days.filter((day) => day >= 0)].sort((a, b) => a - b),
      )
      await expectPageOk(page, 'Transactions')

      const disputed = role('row', undefined, { pattern: 'Respond by', within: table })
      const id = await page.text(role('link', undefined, { pattern: '^TX-', within: disputed }))
      await page.click(role('link', id, { within: table }))
      const drawer = role('dialog', `Transaction ${id}`)
      const dispute = role('region', undefined, { pattern: '^Dispute', within: drawer })
      await page.waitFor({ text: 'Dispute opened', within: dispute })
      await page.waitFor(role('button', 'Challenge', { within: dispute }))
      await page.waitFor(role('button', 'Accept', { within: dispute }))
      expect((await page.axeViolations()).join('\n'), 'axe with the dispute open').toBe('')
      await expectNoProblems(page, (await page.url()).pathname)
    })

    test('the activity log: newest first, one user, the next page', async () => {
      const page = await open()
      await page.signInAt('owner@acme.test', '/user-management')
      await page.waitFor(role('table'))
      await page.click(role('tab', 'Activity'))
      await page.waitForUrl('the activity view', (url) => url.searchParams.get('view') === 'activity')
      const rows = () => page.driver.run<number>('() => document.querySelectorAll("table tbody tr").length')
      await page.waitUntil('a page of 50 entries', async () => (await rows()) === 50)
      await page.waitFor({ pattern: '^Showing 1–50 of [\\d,]+$' })
      await page.click(role('button', 'Page 2'))
      await page.waitForUrl('page 2', (url) => url.searchParams.get('page') === '2')
      await page.waitFor({ pattern: '^Showing 51–100 of' })
      await page.click({ label: 'User', within: role('search', 'Filter activity') })
      await page.click(role('option', 'Victor Viewer'))
      await page.waitForUrl(
        'one user',
        (url) => url.searchParams.has('actor') && !url.searchParams.has('page'),
      )
      await page.waitFor(role('heading', 'Activity of Victor Viewer', { level: 2 }))
      await page.waitUntil("only Victor Viewer's entries", async () =>
        page.driver.run<boolean>(`() => {
          const rows = [...document.querySelectorAll('table tbody tr')]
          return rows.length > 0 && rows.every((row) => (row.textContent ?? '').includes('Victor Viewer'))
        }`),
      )
      await expectPageOk(page, 'User management')
    })

    test('create a cart', async () => {
      const page = await open()
      await page.signInAt('owner@acme.test', '/carts/create')
      await page.waitFor(h1('Create cart'))
      await page.fill({ label: 'Customer name' }, 'Rosa Parks')
      await page.fill({ label: 'Email' }, 'rosa.parks@example.com')
      const item = role('group', 'Item 1')
      await page.fill({ label: 'Item name', within: item }, 'Ridgeline 3-Person Tent')
      await page.fill({ label: 'Quantity', within: item }, '2')
      await page.fill({ label: 'Unit price', within: item }, '429')
      await page.fill({ label: 'Street address' }, '1 Main St')
      await page.fill({ label: 'City' }, 'Denver')
      await page.fill(role('combobox', 'State'), 'CO')
      await page.click(role('option', 'CO'))
      await page.fill({ label: 'ZIP code' }, '80202')
      await page.waitFor({ text: '$858.00' })
      await page.click(role('button', 'Create cart'))
      await page.waitFor(role('heading', undefined, { level: 1, pattern: '^Cart AO-C-\\d+$' }))
      await page.waitFor(status('^Cart AO-C-\\d+ created'))
      await expectNoProblems(page, (await page.url()).pathname)
    })

    test('invite a user', async () => {
      const page = await open()
      await page.signInAt('owner@acme.test', '/user-management')
      await page.waitFor(role('table'))
      await page.click(role('button', 'Invite user'))
      const dialog = role('dialog', 'Invite a user')
      await page.fill({ label: 'Email', within: dialog }, `nia.${engine}@acme.test`)
      await page.fill({ label: 'Name (optional)', within: dialog }, 'Nia Hire')
      await page.click(role('button', 'Send invitation', { within: dialog }))
      await page.waitGone(dialog)
      await page.waitFor(status(`^Invitation sent to nia\\.${engine}@acme\\.test\\.`))
      await page.waitFor({ text: 'Invited', within: role('row', undefined, { pattern: `nia\\.${engine}@` }) })
      const [mail] = await sandbox.outbox({ to: `nia.${engine}@acme.test`, kind: 'INVITATION' })
      expect(mail?.link).toContain('/activate')
      await expectNoProblems(page, (await page.url()).pathname)
    })

    test('save a settings page, after the unsaved-changes guard', async () => {
      const page = await open()
      await page.signInAt('owner@acme.test', '/email-notifications')
      await page.waitFor(h1('Email notifications'))
      const email = `ap.${engine}@acmeoutdoor.example`
      await page.fill({ label: 'Add a recipient' }, email)
      await page.click(role('button', 'Add recipient'))
      await page.setChecked(
        { role: 'checkbox', pattern: 'Dispute opened', within: role('group', email) },
        false,
      )
      // Followed from the keyboard: in WebKit a WebDriver mouse click on the link asks twice (reported).
      await page.focus(role('link', 'Access keys', { within: role('navigation', 'Settings') }))
      await page.press('Enter')
      const guard = role('dialog', 'Discard unsaved changes?')
      await page.click(role('button', 'Keep editing', { within: guard }))
      await page.waitGone(guard)
      expect((await page.url()).pathname).toBe('/email-notifications')
      await page.click(role('button', 'Save changes'))
      await page.waitFor(status('^Email notifications saved for 4 recipients\\.'))
      await expectNoProblems(page, (await page.url()).pathname)
    })

    test('at 1280×800 the transactions table shows Date, Customer, Amount and Status without sideways scroll', async () => {
      const page = await open()
      await page.signInAt('owner@acme.test', '/transactions')
      await page.waitFor(role('table'))
      expect(await page.sideways()).toEqual({ page: 0, table: 0 })
      // Each key column's header lies inside the table's box and the viewport.
      const outside = await page.driver.run<string[]>(`() => {
        const box = document.querySelector('table').parentElement.getBoundingClientRect()
        return [...document.querySelectorAll('th')]
          .filter((th) => {
            const rect = th.getBoundingClientRect()
            return rect.left < box.left || rect.right > box.right + 1 || rect.right > window.innerWidth
          })
          .map((th) => th.textContent)
      }`)
      expect(outside).toEqual([])
      for (const name of ['Date', 'Transaction ID', 'Customer', 'Amount', 'Status']) {
        await page.waitFor(role('columnheader', name, { partial: true }))
      }
      await page.shootWidths('transactions-owner', [1280])
    })

    test('a signed-out deep link comes back after sign-in and leaves its filters in the address', async () => {
      const deepLink = `/transactions?isDeepLink=true&search=TX-1&searchType=Transaction&merchantID=${MERCHANT_IDS.acme}&date=2026-03-01`
      const page = await open()
      await page.goto(deepLink)
      await page.waitForUrl('/login', (url) => url.pathname === '/login')
      await page.signInWithForm('owner@acme.test')
      const url = await page.waitForUrl(
        'the applied deep link',
        (url) => url.pathname === '/transactions' && !url.searchParams.has('isDeepLink'),
      )
      expect(Object.fromEntries(url.searchParams)).toEqual({
        search: 'TX-1',
        from: '02/28/2026',
        to: '03/02/2026',
      })
      await page.waitFor({ text: '02/28/2026 – 03/02/2026' })
      expect(await page.value(role('textbox', 'Search'))).toBe('TX-1')
    })

    test('the merchant chooser: choose, then switch and stay on the page', async () => {
      const page = await open()
      await page.signInAt('ops@provider.test', '/transactions')
      await chooseMerchant(page, 'Globex Home')
      await page.goto('/data-insights')
      await page.waitFor(h1('Data insights'))
      const chooser: Query = { label: 'Merchant', within: role('banner') }
      await page.waitUntil('Globex Home chosen', async () => (await page.value(chooser)) === 'Globex Home')
      await page.click(chooser)
      await page.click(role('option', 'Acme Outdoor'))
      await page.waitUntil('Acme Outdoor chosen', async () => (await page.value(chooser)) === 'Acme Outdoor')
      expect((await page.url()).pathname).toBe('/data-insights')
      await expectPageOk(page, 'Data insights')
    })
  })

  // One signed-in session visits every page in turn.
  describe(`every page in ${engine}: its h1, no Oops, a clean console, axe; screenshots at every width`, () => {
    let visitor: PortalPage | undefined

    beforeAll(async () => {
      visitor = await openPortal(engine)
      await visitor.goto('/login')
      await visitor.waitFor(h1('Sign in'))
      await visitor.shootWidths('login')
      await visitor.signInWithForm('ops@provider.test')
      await chooseMerchant(visitor, 'Acme Outdoor')
    })

    afterAll(async () => {
      await visitor?.driver.close()
    })

    test.each(EVERY_PAGE)('%s', async (path, heading) => {
      if (!visitor) throw new Error('no browser')
      await visitor.goto(path)
      await expectPageOk(visitor, heading)
      // The pictures wait for the rows.
      if (LIST_PAGES.includes(path)) await visitor.waitFor(role('table'))
      const widths = await visitor.shootWidths(path.slice(1).replaceAll('/', '-'))
      // No page scrolls sideways as a whole; a list's key columns fit without scrolling its box either.
      for (const { width, page, table } of widths) {
        expect(page, `${path} is wider than ${width} px`).toBeLessThanOrEqual(0)
        if (LIST_PAGES.includes(path))
          expect(table, `the table of ${path} scrolls at ${width} px`).toBeLessThanOrEqual(0)
      }
    })

    test('an unknown path', async () => {
      if (!visitor) throw new Error('no browser')
      await visitor.goto('/no-such-page')
      await visitor.waitFor({ text: 'Page not found' })
      await visitor.shootWidths('not-found')
    })
  })
}
