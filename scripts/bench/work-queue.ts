// The bench's figures of the merchant's work queue (issue 27): how long Needs action takes to open, and
// selecting 100 rows and opening the bulk dialog.
import type { Page } from 'playwright-core'
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

declare global {
  interface Window {
    __benchBulkClick: number | null
  }
}

/** Times `act` from the click it makes (the event's own time stamp) to the frame where `text` shows in `role`. */
async function timeUntilShown(
  page: Page,
  act: () => Promise<void>,
  role: string,
  text: string,
): Promise<number> {
  await page.evaluate(() => {
    window.__benchBulkClick = null
    document.addEventListener(
      'click',
      (event) => {
        window.__benchBulkClick ??= event.timeStamp
      },
      { capture: true, once: true },
    )
  })
  await act()
  const end = await page
    .waitForFunction(
      ({ role, text }) =>
        [...document.querySelectorAll(`[role="${role}"]`)].some((element) =>
          (element.textContent ?? '').includes(text),
        )
          ? performance.now()
          : false,
      { role, text },
      { polling: 'raf', timeout: 60_000 },
    )
    .then((handle) => handle.jsonValue())
  const click = await page.evaluate(() => window.__benchBulkClick)
  if (typeof end !== 'number' || typeof click !== 'number') throw new Error('the click was not timed')
  return end - click
}

/**
 * Selects the 100 rows of a page of all 50 000 transactions with the header's checkbox and opens the bulk
 * settle dialog, three times: from the checkbox's click to the bar saying "100 selected", plus from the
 * click on Settle selected to the dialog naming what it will settle and skip. The first run loads the
 * bar's and the dialog's code.
 */
export async function bulkDialogOpenings(stage: Stage, state: StorageState): Promise<Timings> {
  const context = await stage.newContext({ storageState: state })
  const page = await context.newPage()
  await page.goto('/transactions?pageSize=100')
  const table = page.getByRole('table')
  await table.waitFor()
  await page.waitForLoadState('networkidle')
  const header = table.getByRole('checkbox', { name: 'Select all transactions on this page' })
  const bar = page.getByRole('region', { name: 'Bulk actions' })
  const times: number[] = []
  for (let run = 0; run < 3; run += 1) {
    const selecting = await timeUntilShown(page, () => header.click(), 'status', '100 selected')
    const opening = await timeUntilShown(
      page,
      () => bar.getByRole('button', { name: 'Settle selected' }).click(),
      'dialog',
      'will be skipped',
    )
    times.push(selecting + opening)
    await page.getByRole('dialog').getByRole('button', { name: 'Go back' }).click()
    await bar.getByRole('button', { name: 'Clear selection' }).click()
    await bar.waitFor({ state: 'detached' })
  }
  await context.close()
  return { medianMs: median(times), timesMs: times }
}
