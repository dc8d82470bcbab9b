import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { inject } from 'vitest'
import { axeSource } from '../support/axe-source'
import type { Driver, Key } from './driver'
import { type Action, inPage, type Located, type Query } from './in-page'

export type { Query } from './in-page'

export const WIDTHS = [390, 768, 1280, 1440, 1920] as const
export const personaPassword = 'sandbox'

const screenshotRoot = path.resolve(import.meta.dirname, '../../../test-results/screenshots')
const locateSource = inPage.toString()
const TIMEOUT = 15_000

/** A query by role and name, the common case. */
export const role = (name: string, value?: string, more: Omit<Query, 'role' | 'name'> = {}): Query => ({
  role: name,
  name: value,
  ...more,
})

function describe(query: Query): string {
  const what = query.role
    ? `${query.role}${query.level ? ` ${query.level}` : ''} "${query.name ?? `/${query.pattern ?? ''}/`}"`
    : query.label !== undefined
      ? `control labelled "${query.label}"`
      : `text "${query.text ?? `/${query.pattern ?? ''}/`}"`
  return query.within ? `${what} in ${describe(query.within)}` : what
}

/**
 * Reports that are not the portal's to fix. Chromium's ResizeObserver notice says only that a resize
 * was handled a frame later (Mantine's ScrollArea measures itself); no error reaches the app.
 */
const KNOWN_PROBLEMS = [/ResizeObserver loop/]

/** The pause between two probes of a wait. */
const pollInterval = () => new Promise((resolve) => setTimeout(resolve, 100))

// Records, in the page, what WebKit's driver cannot report: console errors, uncaught errors, rejected
// promises and content security policy violations. Installed after every full load.
const recorderSource = `() => {
  if (window.__e2eProblems) return
  const list = []
  window.__e2eProblems = list
  const original = console.error
  console.error = function (...args) {
    list.push('console: ' + args.map(String).join(' '))
    return original.apply(this, args)
  }
  addEventListener('error', (event) => list.push('error: ' + event.message))
  addEventListener('unhandledrejection', (event) => list.push('unhandled rejection: ' + String(event.reason)))
  document.addEventListener('securitypolicyviolation', (event) =>
    list.push('policy violation: ' + event.violatedDirective + ' ' + event.blockedURI))
}`

/**
 * The portal in one engine, driven the way a user does: by roles, labels and texts, with real clicks
 * and key presses. Every wait polls the page and fails naming what it waited for.
 */
export class PortalPage {
  readonly baseURL = inject('baseURL')
  readonly idpUrl = inject('idpUrl')

  constructor(readonly driver: Driver) {}

  get engine() {
    return this.driver.engine
  }

  async goto(pathname: string): Promise<void> {
    await this.driver.goto(new URL(pathname, this.baseURL).href)
    await this.record()
  }

  async url(): Promise<URL> {
    return new URL(await this.driver.url())
  }

  /** Starts the page's recorder of problems (again after a full load; a no-op when it runs). */
  async record(): Promise<void> {
    await this.driver.run(recorderSource)
  }

  async waitUntil<T>(
    what: string,
    probe: () => Promise<T | undefined | null | false>,
    timeout = TIMEOUT,
  ): Promise<T> {
    const end = Date.now() + timeout
    let last: unknown
    for (;;) {
      try {
        const value = await probe()
        if (value) return value
      } catch (error) {
        // A probe can land mid-navigation; it is tried again.
        last = error
      }
      if (Date.now() > end) {
        throw new Error(
          `${this.engine}: timed out after ${timeout} ms waiting for ${what} on ${await this.driver.url()}${last ? ` (${String(last)})` : ''}`,
        )
      }
      await pollInterval()
    }
  }

  private locate(query: Query, action: Action): Promise<Located> {
    return this.driver.run<Located>(locateSource, { query, action })
  }

  async count(query: Query): Promise<number> {
    return (await this.locate(query, 'count')).count
  }

  async waitFor(query: Query, timeout = TIMEOUT): Promise<Located> {
    return this.waitUntil(
      describe(query),
      async () => {
        const found = await this.locate(query, 'locate')
        return found.count > (query.nth ?? 0) ? found : null
      },
      timeout,
    )
  }

  async waitGone(query: Query): Promise<void> {
    await this.waitUntil(`${describe(query)} to go`, async () => (await this.count(query)) === 0)
  }

  async text(query: Query): Promise<string> {
    return (await this.waitFor(query)).text ?? ''
  }

  async value(query: Query): Promise<string> {
    return (await this.waitFor(query)).value ?? ''
  }

  async click(query: Query): Promise<void> {
    // A dialog still sliding or fading in would move its buttons from under the pointer: the target is
    // waited for first, since a dialog that a key press opens may mount only after this call starts.
    await this.waitFor(query)
    await this.settle()
    const target = await this.waitUntil(`${describe(query)} to be clickable`, async () => {
      const found = await this.locate(query, 'locate')
      return found.x !== undefined && found.y !== undefined && !found.covered ? found : null
    })
    await this.driver.click(target.x ?? 0, target.y ?? 0)
  }

  async focus(query: Query): Promise<void> {
    await this.waitUntil(
      `${describe(query)} to focus`,
      async () => (await this.locate(query, 'focus')).count > 0,
    )
  }

  /** Replaces the control's text with `value`, typed key by key. */
  async fill(query: Query, value: string): Promise<void> {
    await this.focus(query)
    await this.driver.type(value)
    await this.waitUntil(`${describe(query)} to read "${value}"`, async () => {
      const found = await this.locate(query, 'locate')
      return found.value === value
    })
  }

  async setChecked(query: Query, checked: boolean): Promise<void> {
    if ((await this.waitFor(query)).checked !== checked) await this.click(query)
    await this.waitUntil(`${describe(query)} to be ${checked ? 'checked' : 'unchecked'}`, async () => {
      return (await this.locate(query, 'locate')).checked === checked
    })
  }

  async press(key: Key): Promise<void> {
    await this.driver.press(key)
  }

  async waitForUrl(what: string, test: (url: URL) => boolean): Promise<URL> {
    return this.waitUntil(`the address to be ${what}`, async () => {
      const url = await this.url()
      return test(url) ? url : null
    })
  }

  /**
   * Signs out from the account menu and waits for the whole way back: sign-out posts to the provider's
   * end-session endpoint, which sends the browser to /logout/callback and on to /login. The portal shows
   * /login before that post leaves, so a navigation started then would be cut off by it.
   */
  async signOut(): Promise<void> {
    await this.click(role('button', 'Account menu'))
    await this.click(role('menuitem', 'Sign out'))
    await this.waitUntil('the way back from the provider to /login', async () => {
      const loaded = await this.driver.run<string>(
        "() => performance.getEntriesByType('navigation')[0]?.name ?? ''",
      )
      return new URL(loaded).pathname === '/logout/callback' && (await this.url()).pathname === '/login'
    })
    await this.waitFor(role('button', 'Sign in'))
  }

  /** Signs in through the identity provider's form from wherever the portal sent the user. */
  async signInWithForm(username: string): Promise<void> {
    const idp = new URL(this.idpUrl).origin
    await this.waitFor(role('button', 'Sign in'))
    await this.click(role('button', 'Sign in'))
    await this.waitForUrl('the identity provider', (url) => url.origin === idp)
    await this.fill({ label: 'Username' }, username)
    await this.fill({ label: 'Password' }, personaPassword)
    await this.click(role('button', 'Sign in'))
    const portal = new URL(this.baseURL).origin
    await this.waitForUrl(
      'back on the portal',
      (url) => url.origin === portal && url.pathname !== '/implicit/callback' && url.pathname !== '/login',
    )
    await this.record()
  }

  /** Signs in by opening `pathname` signed out; the portal comes back to it afterwards. */
  async signInAt(username: string, pathname: string): Promise<void> {
    await this.goto(pathname)
    await this.waitForUrl('/login', (url) => url.pathname === '/login')
    await this.signInWithForm(username)
    const wanted = new URL(pathname, this.baseURL).pathname
    await this.waitForUrl(wanted, (url) => url.pathname === wanted)
  }

  /** What went wrong in the page since the last call: console errors, uncaught errors, policy violations. */
  async problems(): Promise<string[]> {
    const recorded = await this.driver.run<string[]>('() => (window.__e2eProblems ?? []).splice(0)')
    return [...new Set([...(await this.driver.takeReported()), ...recorded])].filter(
      (problem) => !KNOWN_PROBLEMS.some((known) => known.test(problem)),
    )
  }

  /** Fails on every serious or critical axe-core violation (the page behind an open dialog left out). */
  async axeViolations(): Promise<string[]> {
    const injected = await this.driver.run<boolean>('() => "axe" in window')
    if (!injected) await this.driver.run(`() => { ${axeSource} }`)
    return this.driver.run<string[]>(`async () => {
      const modal = document.querySelector('[role="dialog"]')
      const context = modal ? { exclude: [['#main-content'], ['header'], ['nav']] } : document
      const results = await window.axe.run(context, { resultTypes: ['violations'] })
      return results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id + ': ' + violation.nodes.map((node) => node.target.join(' ')).join(', '))
    }`)
  }

  /** Waits until transitions (the navigation sliding away at a narrow width) have ended. */
  async settle(): Promise<void> {
    // A transition the last step set off has started two frames on.
    await this.frames()
    await this.waitUntil('transitions to end', () =>
      this.driver.run<boolean>(`() => document.getAnimations().every(
        (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      )`),
    )
    await this.frames()
  }

  private async frames(): Promise<void> {
    await this.driver.run(
      '() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    )
  }

  /** How far the page, and the widest table box in it, scroll sideways (0 when they fit). */
  async sideways(): Promise<{ page: number; table: number }> {
    return this.driver.run(`() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: Math.max(0, ...[...document.querySelectorAll('table')].map((table) => {
        const box = table.parentElement
        return box ? box.scrollWidth - box.clientWidth : 0
      })),
    })`)
  }

  /**
   * Screenshots of the page as it is, at every width merchants use, into
   * test-results/screenshots/<engine>/<name>-<width>.png, each as tall as the page (up to 2400 px);
   * answers how far the page and its tables scroll sideways at each width the page really got.
   */
  async shootWidths(
    name: string,
    widths: readonly number[] = WIDTHS,
  ): Promise<{ width: number; page: number; table: number }[]> {
    const dir = path.join(screenshotRoot, this.engine)
    await mkdir(dir, { recursive: true })
    const measured = []
    for (const width of widths) {
      await this.driver.setViewport(width, 800)
      await this.settle()
      const [height, actual] = await this.driver.run<[number, number]>(
        '() => { window.scrollTo(0, 0); return [document.documentElement.scrollHeight, window.innerWidth] }',
      )
      measured.push({ width: actual, ...(await this.sideways()) })
      await this.driver.setViewport(width, Math.min(Math.max(height, 800), 2400))
      await this.settle()
      // Named by the width the page got: WebKit's MiniBrowser window is never narrower than about 447 px.
      await this.driver.screenshot(path.join(dir, `${name}-${actual}.png`))
    }
    await this.driver.setViewport(1280, 800)
    return measured
  }
}
