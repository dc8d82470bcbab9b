// The bench's figures of the merchant's work queue (issue 27): how long Needs action takes to open.
import { listStatusText, type StorageState, type Timings, timeUntilListSettles } from './measure.ts'
import type { Stage } from './stage.ts'
import { median } from './vitals.ts'

/**
 * Opens Needs action from the status summary on 50 000 transactions three times (leaving it between):
 * from the click to the list showing only the rows that need action, sorted by deadline.
 */
export async function needsActionOpenings(stage: Stage, state: StorageState): Promise<Timings> {
  const context = await stage.newContext({ storageState: state })
  const page = await context.newPage()
  await page.goto('/transactions')
  await page.getByRole('table').waitFor()
  await page.waitForLoadState('networkidle')
  const summary = page.getByRole('region', { name: 'Summary of matching transactions' })
  const needsAction = summary.getByRole('button', { name: /^Needs action/ })
  const times: number[] = []
  for (let run = 0; run < 3; run += 1) {
    await needsAction.waitFor()
    const before = await listStatusText(page)
    times.push(await timeUntilListSettles(page, () => needsAction.click(), { before }))
    await page.waitForLoadState('networkidle')
    // Leaves the view: the whole list again, for the next opening.
    const shown = await listStatusText(page)
    await timeUntilListSettles(page, () => needsAction.click(), { before: shown })
    await page.waitForLoadState('networkidle')
  }
  await context.close()
  return { medianMs: median(times), timesMs: times }
}
