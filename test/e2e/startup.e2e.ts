import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { launchBrowser, newPage } from './support/browser'
import { phone } from './support/chromium'
import { screenshot } from './support/portal'

/** What Chromium does when the user blocks site data for the site: reading either storage throws. */
function blockSiteData() {
  for (const name of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(window, name, {
      configurable: true,
      get() {
        throw new DOMException(
          `Failed to read the '${name}' property from 'Window': Access is denied for this document.`,
          'SecurityError',
        )
      },
    })
  }
}

// The compiled catalog chunks (es-US and fr-CA); English needs none.
const CATALOG_CHUNK = /\/assets\/messages-[\w-]+\.js$/

describe('start-up', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
  })

  test('with site data blocked, says what to allow and offers a reload instead of a blank page', async () => {
    const page = await newPage(browser, undefined, { locale: 'fr-CA' })
    await page.addInitScript(blockSiteData)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto('/transactions', { waitUntil: 'networkidle' })

    await page
      .getByRole('heading', { level: 1, name: 'Ce site a besoin des témoins et des données de site' })
      .waitFor()
    const host = new URL(page.url()).host
    await page.getByText(`Autorisez les témoins et les données de site pour ${host}`).waitFor()
    await page.getByRole('button', { name: 'Recharger' }).waitFor()
    expect(errors).toEqual([])
    await expectAxeClean(page)
    await screenshot(page, 'startup-site-data-blocked-desktop')

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Recharger' }).click()])
    await page
      .getByRole('heading', { level: 1, name: 'Ce site a besoin des témoins et des données de site' })
      .waitFor()
  })

  test('without a valid config.json, says what is wrong key by key and starts nothing', async () => {
    const page = await newPage(browser, undefined, { locale: 'en-US' })
    const api: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) api.push(request.url())
    })
    // A deployment whose file lost its identity provider and has a malformed time-out.
    await page.route('**/config.json', (route) =>
      route.fulfill({ json: { env: 'production', apiurl: 'https://api.example.test', timeoutMs: 'soon' } }),
    )
    await page.goto('/transactions', { waitUntil: 'networkidle' })

    await page.getByRole('heading', { level: 1, name: 'The Merchant Portal could not start' }).waitFor()
    await page.getByText('Its configuration file, /config.json, has values it cannot use:').waitFor()
    const issues = await page.getByRole('listitem').allTextContents()
    expect(issues.some((issue) => issue.startsWith('timeoutMs is not valid'))).toBe(true)
    // Each key's verdict once, then what the key is.
    expect(issues).toContain("issuer is missing: the identity provider's http or https URL")
    expect(await page.getByRole('heading').count()).toBe(1)
    // Nothing ran: no sign-in page, no call to the platform.
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0)
    expect(api).toEqual([])
    await expectAxeClean(page)
    await screenshot(page, 'startup-config-invalid-desktop')
    await page.setViewportSize(phone)
    await screenshot(page, 'startup-config-invalid-phone')
  })

  test('a Spanish catalog that fails to load once shows the portal in English with a notice; picking Spanish again loads it', async () => {
    const page = await newPage(browser, undefined, { locale: 'es-US' })
    const refused: string[] = []
    await page.route(
      CATALOG_CHUNK,
      (route) => {
        refused.push(route.request().url())
        return route.abort('internetdisconnected')
      },
      { times: 1 },
    )
    await page.goto('/login', { waitUntil: 'networkidle' })

    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    await page
      .getByRole('status')
      .getByText('The Español translation could not be loaded, so the portal is shown in English.')
      .waitFor()
    expect(refused).toHaveLength(1)
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US')
    await expectAxeClean(page)
    await screenshot(page, 'startup-catalog-fallback-desktop')

    // The failed import is not kept: picking the language asks for the chunk again, and it loads.
    await page.getByLabel('Language', { exact: true }).selectOption('es-US')
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('es-US')
  })
})
