import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectAxeClean } from './support/axe'
import { launchBrowser, newPage } from './support/browser'
import { signIn } from './support/portal'
import { shoot, signInAt } from './support/steps'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('data insights', () => {
  test('the chart code stays off the sign-in and transactions pages', async () => {
    const page = await newPage(browser)
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await signIn(page, 'owner@acme.test')
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor()
    await page.getByRole('table').waitFor()
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((script) => script.includes('insights-charts'))).toEqual([])
  })

  test('change the period and the interval, and read each chart as a table', async () => {
    const page = await newPage(browser)
    await signInAt(page, 'owner@acme.test', '/data-insights')
    await page.getByRole('heading', { level: 1, name: 'Data insights' }).waitFor()
    await page.getByRole('heading', { level: 3, name: 'Sales volume' }).waitFor()
    const volume = page.getByRole('region', { name: 'Sales volume by program' })
    const orders = page.getByRole('region', { name: 'Orders by channel' })
    // Both charts drawn: areas and bars, with their legends.
    await volume.locator('.recharts-area').first().waitFor()
    await orders.locator('.recharts-bar-rectangle').first().waitFor()
    await expect.poll(() => volume.getByText('Acme Online Financing').count()).toBeGreaterThan(0)
    await shoot(page, 'insights')

    await page.getByRole('combobox', { name: 'Period' }).click()
    await page.getByRole('option', { name: 'Last 90 days' }).click()
    await page.waitForURL((url) => url.searchParams.get('range') === 'last90')
    await page.getByText('Week', { exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('interval') === 'week')
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'compared with' }).count()).toBe(1)

    // "Show as table" puts the figures in place of the chart.
    await volume.getByRole('switch', { name: 'Show as table' }).check()
    const table = volume.getByRole('table', { name: /^Sales volume by program/ })
    await table.waitFor()
    expect(await volume.locator('.recharts-surface').count()).toBe(0)
    await expect.poll(() => table.getByRole('columnheader', { name: 'Week' }).count()).toBe(1)
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(13)
    await expectAxeClean(page)
    await shoot(page, 'insights-weekly-table')
  })
})
