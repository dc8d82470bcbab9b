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

  const lines = blocking.flatMap((violation) => [
    `- [${violation.impact}] ${violation.id}: ${violation.help}`,
    ...violation.nodes.map((node) => {
      const target = node.target
        .map((part) => (typeof part === 'string' ? part : JSON.stringify(part)))
        .join(' ')
      const why = [...node.any, ...node.all, ...node.none][0]?.message
      return why ? `    ${target}: ${why}` : `    ${target}`
    }),
  ])
  throw new Error(
    `axe found ${blocking.length} serious or critical violation(s) on ${page.url()}:\n${lines.join('\n')}`,
  )
}
