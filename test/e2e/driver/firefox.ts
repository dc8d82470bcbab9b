import puppeteer from 'puppeteer-core'
import { desktop } from '../support/browser'
import type { Driver } from './driver'

export const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr'

/** Firefox ESR through puppeteer-core over WebDriver BiDi, with a fresh profile. */
export async function openFirefox(): Promise<Driver> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    // The suite serves the build over HTTPS with a throwaway certificate (scripts/nginx-server.ts).
    acceptInsecureCerts: true,
    defaultViewport: desktop,
    extraPrefsFirefox: { 'intl.accept_languages': 'en-US', 'intl.locale.requested': 'en-US' },
  })
  const page = await browser.newPage()
  page.setDefaultTimeout(30_000)
  const reported: string[] = []
  page.on('console', (message) => {
    // An error object arrives as an opaque "JSHandle@error"; the page's own recorder (page.ts) reports
    // that console.error call with the error's text.
    if (message.type() === 'error' && message.text() !== 'JSHandle@error')
      reported.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => reported.push(`error: ${error instanceof Error ? error.message : error}`))
  return {
    engine: 'firefox',
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' })
    },
    url: async () => page.url(),
    // What the page answers is JSON the caller knows the shape of.
    run: <T>(source: string, arg?: unknown) =>
      page.evaluate(`(${source})(${JSON.stringify(arg ?? null)})`) as Promise<T>,
    click: (x, y) => page.mouse.click(x, y),
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key),
    setViewport: (width, height) => page.setViewport({ width, height }),
    screenshot: async (file) => {
      await page.screenshot({ path: file as `${string}.png` })
    },
    takeReported: async () => reported.splice(0),
    close: () => browser.close(),
  }
}
