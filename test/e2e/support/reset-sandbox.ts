import { afterEach, beforeAll, beforeEach } from 'vitest'
import { apiLog, clearApiLog } from './api-log'
import { clearWatchedPages, describePages } from './failure-report'
import { sandbox } from './sandbox'

// Every spec file starts from the seeded data with no flags changed and no faults armed.
beforeAll(async () => {
  await sandbox.reset()
})

// A failed test prints its last browser calls (see api-log.ts): a time-out then names the step that hung.
beforeEach(({ onTestFailed }) => {
  clearApiLog()
  clearWatchedPages()
  onTestFailed(() => {
    const log = apiLog()
    if (log) console.error(`The test's last browser calls:\n${log}`)
  })
})

// ...and what its pages showed, as an error of the test's own, so that it is in the summary at the end
// of the log (which is what a CI report keeps).
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return
  const pages = await describePages()
  if (pages) throw new Error(`What the test's pages showed when it failed:\n${pages}`)
})
