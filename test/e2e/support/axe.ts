import axe from 'axe-core'
import type { Page } from 'playwright-core'

type Axe = typeof axe

/** Runs axe-core on the page as it is now and fails on every serious or critical violation. */
export async function expectAxeClean(page: Page): Promise<void> {
  const injected = await page.evaluate(() => 'axe' in window)
  if (!injected) await page.addScriptTag({ content: axe.source })

  const results = await page.evaluate(() =>
    (window as unknown as { axe: Axe }).axe.run(document, { resultTypes: ['violations'] }),
  )
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  if (blocking.length === 0) return

  const lines = blocking.map((violation) => {
    const targets = violation.nodes
      .map((node) =>
        node.target.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' '),
      )
      .join(', ')
    return `- [${violation.impact}] ${violation.id}: ${violation.help} (${targets})`
  })
  throw new Error(
    `axe found ${blocking.length} serious or critical violation(s) on ${page.url()}:\n${lines.join('\n')}`,
  )
}
