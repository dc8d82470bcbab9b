import { inject } from 'vitest'
import { desktop, launchBrowser } from '../support/browser'
import type { Driver } from './driver'

/** Chromium through playwright-core, as the rest of the browser suite drives it. */
export async function openChromium(): Promise<Driver> {
  const browser = await launchBrowser()
  const context = await browser.newContext({ baseURL: inject('baseURL'), locale: 'en-US', viewport: desktop })
  const page = await context.newPage()
  const reported: string[] = []
  page.on('console', (message) => {
    const { url } = message.location()
    // Chromium asks for /favicon.ico by itself on some loads, whatever icon the page links.
    if (message.type() === 'error' && !url.endsWith('/favicon.ico'))
      reported.push(`console: ${message.text()} (${url})`)
  })
  page.on('pageerror', (error) => reported.push(`error: ${error.message}`))
  return {
    engine: 'chromium',
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' })
    },
    url: async () => page.url(),
    run: (source, arg) => page.evaluate(`(${source})(${JSON.stringify(arg ?? null)})`),
    click: (x, y) => page.mouse.click(x, y),
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key),
    setViewport: (width, height) => page.setViewportSize({ width, height }),
    screenshot: async (file) => {
      await page.screenshot({ path: file })
    },
    takeReported: async () => reported.splice(0),
    close: () => browser.close(),
  }
}
