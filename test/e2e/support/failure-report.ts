import type { BrowserContext, Page } from 'playwright-core'

// What the test's pages showed when it failed, added to the failure's own report: a CI log keeps only
// its end, and "waiting for a button" alone cannot tell a closed dialog from an error page, a sign-in
// page or a button renamed.

interface Watched {
  page: Page
  errors: string[]
  /** The page's last requests and navigations, with the time since the test began. */
  events: string[]
}

const watched: Watched[] = []
const keptErrors = 8
const keptEvents = 20
let start = Date.now()

function watchPage(page: Page): void {
  const entry: Watched = { page, errors: [], events: [] }
  const note = (line: string) => {
    entry.errors.push(line)
    if (entry.errors.length > keptErrors) entry.errors.shift()
  }
  const event = (line: string) => {
    entry.events.push(`${String(Date.now() - start).padStart(6)} ms  ${line}`)
    if (entry.events.length > keptEvents) entry.events.shift()
  }
  const pathOf = (url: string) => {
    const { origin, pathname, search } = new URL(url)
    return origin === new URL(page.url()).origin ? `${pathname}${search}` : url
  }
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'fetch' && request.resourceType() !== 'document') return
    const sent = `${request.method()} ${pathOf(request.url())}`
    // The page may close before its last answer is read: that answer is then left out, not thrown.
    request.response().then(
      (response) => event(`${sent} ${response?.status() ?? 'no answer'}`),
      () => event(`${sent} (the page closed before its answer was read)`),
    )
  })
  page.on('requestfailed', (request) =>
    event(`${request.method()} ${pathOf(request.url())} failed: ${request.failure()?.errorText}`),
  )
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) event(`address: ${pathOf(frame.url())}`)
  })
  page.on('pageerror', (error) => note(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return
    const where = message.location().url
    note(`console ${message.type()}: ${message.text()}${where ? ` (${where})` : ''}`)
  })
  watched.push(entry)
}

/** Watches every page the context opens, for `describePages` should the test fail. */
export function watchContext(context: BrowserContext): void {
  context.on('page', watchPage)
}

/** Starts a new test's watch: pages of earlier tests are left out. */
export function clearWatchedPages(): void {
  watched.length = 0
  start = Date.now()
}

/** What a page shows: its address, title, open dialogs, the focused element and the start of its text. */
function pageState(): string {
  const visible = (element: Element) => element.checkVisibility({ visibilityProperty: true })
  const nameOf = (element: Element) => {
    const labelledBy = element.getAttribute('aria-labelledby')
    const label = labelledBy ? document.getElementById(labelledBy)?.textContent : null
    return (label ?? element.getAttribute('aria-label') ?? '').trim()
  }
  const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]')].map(
    (element) =>
      `${element.getAttribute('role')} "${nameOf(element)}"${visible(element) ? '' : ' (hidden)'}${element.closest('[aria-hidden="true"], [inert]') ? ' (aria-hidden or inert)' : ''}: ${(element.textContent ?? '').replace(/\s+/g, ' ').slice(0, 200)}`,
  )
  const focused = document.activeElement
  const focusedText = focused
    ? `${focused.tagName.toLowerCase()} ${nameOf(focused) || (focused.textContent ?? '').trim().slice(0, 40)}`
    : 'none'
  const text = (document.body.innerText ?? '').replace(/\s+/g, ' ').slice(0, 600)
  return [
    `headings: ${[...document.querySelectorAll('h1')].map((h) => h.textContent).join(' | ') || 'none'}`,
    `dialogs and menus: ${dialogs.length > 0 ? `\n    ${dialogs.join('\n    ')}` : 'none'}`,
    `focus: ${focusedText}`,
    `text: ${text}`,
  ].join('\n  ')
}

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))])
}

/** The state of each page the test opened and has not closed, with its last errors. */
export async function describePages(): Promise<string> {
  const open = watched.filter((entry) => !entry.page.isClosed())
  const parts = await Promise.all(
    open.map(async ({ page, errors, events }, index) => {
      const state = await within(
        page.evaluate(pageState).catch((error: unknown) => `could not read the page: ${String(error)}`),
        3_000,
        'the page did not answer within 3 s',
      )
      const errorLines = errors.length > 0 ? `\n  last errors:\n    ${errors.join('\n    ')}` : ''
      const eventLines =
        events.length > 0 ? `\n  last requests and navigations:\n    ${events.join('\n    ')}` : ''
      return `page ${index + 1} at ${page.url()}\n  ${state}${errorLines}${eventLines}`
    }),
  )
  return parts.join('\n')
}
