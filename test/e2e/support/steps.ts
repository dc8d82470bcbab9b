import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { expectAxeClean } from './axe'
import { desktop, phone, type Viewport } from './browser'
import { personaPassword, screenshot } from './portal'

// Steps the area specs share: start signed in on the spec's own page, dismiss alerts, and look at a page.

/**
 * Signs in by opening `path` signed out: the portal remembers it and comes back to it after the
 * identity provider, so the spec starts on its own page.
 */
export async function signInAt(page: Page, username: string, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' })
  await page.waitForURL((url) => url.pathname === '/login')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(personaPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname === new URL(path, 'http://x').pathname)
  await page.waitForLoadState('networkidle')
}

/**
 * Reads the current alert and closes it. The shared SUCCESS alert (white on teal) is below 4.5:1 and
 * reported separately; closing it keeps axe on this spec's own pages.
 */
export async function closeAlert(page: Page, text: RegExp): Promise<void> {
  const alert = page.getByRole('status').filter({ hasText: text })
  await alert.waitFor()
  await alert.getByRole('button', { name: 'Close alert' }).click()
  await alert.waitFor({ state: 'detached' })
}

/**
 * Resizes the page and waits until it has rendered at the new width: the resize has reached the page
 * (media-query listeners then re-render at once) and two frames have been drawn since.
 */
export async function resize(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize(viewport)
  await page.waitForFunction((width) => window.innerWidth === width, viewport.width)
  // A bare evaluate has no time-out of its own: a page that stops drawing would hang the test unnamed.
  const frames = page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  )
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () => fail(new Error(`no frame drawn within 5 s of resizing to ${viewport.width}`)),
      5_000,
    )
  })
  await Promise.race([frames, late]).finally(() => clearTimeout(timer))
}

/** Desktop and phone screenshots of the page as it is, checked with axe at both widths. */
export async function shoot(page: Page, name: string): Promise<void> {
  // A full-page capture draws the fixed header where the page is scrolled to; start at the top.
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectAxeClean(page)
  await screenshot(page, `${name}-desktop`)
  await resize(page, phone)
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectAxeClean(page)
  // A phone page never scrolls sideways as a whole; wide tables scroll inside their own box.
  const wide = await page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - window.innerWidth
    // The outermost elements sticking out, to name in the failure.
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .filter(
        (element) =>
          !element.parentElement ||
          element.parentElement.getBoundingClientRect().right <= window.innerWidth + 1,
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.textContent?.slice(0, 40)}"`,
      )
    return { overflow, culprits }
  })
  expect(wide.overflow, `${name} is wider than the phone: ${wide.culprits.join('; ')}`).toBeLessThanOrEqual(0)
  await screenshot(page, `${name}-phone`)
  await page.setViewportSize(desktop)
}
