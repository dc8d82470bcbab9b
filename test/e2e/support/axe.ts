import type axe from 'axe-core'
import type { Page } from 'playwright-core'
import { axeSource } from './axe-source'

type Axe = typeof axe

/**
 * Runs axe-core on the page as it is now and fails on every serious or critical violation. While a
 * modal dialog is open, the page behind it (dimmed by the overlay, and inert) is left out.
 */
export async function expectAxeClean(page: Page): Promise<void> {
  // A fading element mid-transition has no settled colours to judge (spinners, which never end, aside).
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  )
  const injected = await page.evaluate(() => 'axe' in window)
  // Evaluated through the DevTools protocol rather than a script tag, which the page's CSP refuses.
  if (!injected) await page.evaluate(axeSource)

  const results = await page.evaluate(() => {
    const modal = document.querySelector('[role="dialog"]')
    const context = modal ? { exclude: [['#main-content'], ['header'], ['nav']] } : document
    return (window as unknown as { axe: Axe }).axe.run(context, { resultTypes: ['violations'] })
  })
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
