import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, newPage } from './support/browser'
import { signIn } from './support/portal'
import { sandbox } from './support/sandbox'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('security', () => {
  test('the app runs under its Content-Security-Policy, and no token reaches a URL or the log', async () => {
    const page = await newPage(browser)
    const violations: string[] = []
    const urls: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text())
    })
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) urls.push(frame.url())
    })
    const response = await page.goto('/login')
    const headers = response?.headers() ?? {}
    expect(headers['content-security-policy']).toContain("script-src 'self'")
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')

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
})
