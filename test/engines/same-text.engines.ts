import { describe, expect, test } from 'vitest'
import { ENGINES, type EngineName } from '../e2e/driver/driver'
import { openPortal } from '../e2e/driver/open'
import { role } from '../e2e/driver/page'

/** What one engine shows: the sales chart's axes (compact money, days), a transaction row, the summary. */
interface Rendered {
  axis: string[]
  firstRow: string[]
  allMatching: string
}

async function rendered(engine: EngineName): Promise<Rendered> {
  const page = await openPortal(engine)
  try {
    await page.signInAt('owner@acme.test', '/data-insights')
    await page.waitFor(role('heading', 'Data insights', { level: 1 }))
    const ticks = () =>
      page.driver.run<string[]>(
        `() => [...(document.querySelector('[role="img"]')?.querySelectorAll('svg text') ?? [])].map((tick) => tick.textContent)`,
      )
    await page.waitUntil('the chart axes', async () => (await ticks()).some((tick) => tick.startsWith('$')))
    const axis = await ticks()
    await page.goto('/transactions')
    await page.waitFor(role('table'))
    const firstRow = await page.driver.run<string[]>(
      `() => [...document.querySelectorAll('tbody tr:first-child td')].map((cell) => cell.textContent)`,
    )
    // The text as written into the page, not as laid out (engines space visually hidden parts apart
    // differently in innerText).
    const allMatching = await page.driver.run<string>(
      `() => document.querySelector('section[aria-label="Summary of matching transactions"]')?.textContent ?? ''`,
    )
    return { axis, firstRow, allMatching }
  } finally {
    await page.driver.close()
  }
}

describe('the same text in every engine', () => {
  test('compact axis money, dates and amounts read the same in Chromium, Firefox and WebKit', async () => {
    const seen = new Map<EngineName, Rendered>()
    // One browser at a time: the machine has two cores.
    for (const engine of ENGINES) seen.set(engine, await rendered(engine))
    const chromium = seen.get('chromium')
    const money = chromium?.axis.filter((tick) => tick.startsWith('$')) ?? []
    expect(money.length).toBeGreaterThan(2)
    // Compact money never ends in a zero decimal ($80.0K, $0.0).
    for (const tick of money) expect(tick).toMatch(/^\$\d+(\.[1-9])?[KM]?$/)
    expect(chromium?.firstRow.join(' | ')).toMatch(
      /\d{4}, \d{1,2}:\d{2}\s[AP]M \| TX-.* \| \$[\d,]+\.\d{2} \|/,
    )
    expect(seen.get('firefox')).toEqual(chromium)
    expect(seen.get('webkit')).toEqual(chromium)
  }, 180_000)
})
