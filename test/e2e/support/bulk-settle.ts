import type { Locator, Page } from 'playwright-core'
import { expectAxeClean } from './axe'
import { screenshot } from './portal'
import { sandbox } from './sandbox'

const REFUSAL = 'This transaction is locked by a risk review.'

/**
 * With 20 authorizations selected, settles them from the bulk bar while the platform refuses
 * `refusedId` (a 409 fault, removed once the results show), and checks the results with axe. Returns
 * the dialog, still open on its results. `shots` names the screenshots: of the confirmation when
 * given, and of the results.
 */
export async function settleTwentyOneRefused(
  page: Page,
  refusedId: string,
  shots: { confirm?: string; results: string },
): Promise<Locator> {
  const fault = await sandbox.addFault({
    method: 'POST',
    path: `/api/transactions/${refusedId}/settle`,
    kind: 'status',
    status: 409,
    body: { error: { code: 'transaction_locked', message: REFUSAL } },
  })
  await page
    .getByRole('region', { name: 'Bulk actions' })
    .getByRole('button', { name: 'Settle selected' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Settle 20 transactions' })
  await dialog
    .getByText(/^20 authorizations will be settled in full, for a total of \$[\d,]+\.\d\d\.$/)
    .waitFor()
  if (shots.confirm !== undefined) {
    await expectAxeClean(page)
    await screenshot(page, shots.confirm)
  }
  await dialog.getByRole('button', { name: 'Settle 20 transactions' }).click()
  await dialog.getByText('20 of 20 done · 19 succeeded, 1 failed').waitFor({ timeout: 20_000 })
  await dialog.getByText(`Failed: ${REFUSAL}`).waitFor()
  await expectAxeClean(page)
  await screenshot(page, shots.results)
  await sandbox.removeFault(fault)
  return dialog
}
