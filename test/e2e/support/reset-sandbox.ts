import { afterEach, beforeAll, beforeEach } from 'vitest'
import { apiLog, clearApiLog } from './api-log'
import { clearWatchedPages, describePages } from './failure-report'
import { sandbox } from './sandbox'

// Every spec file starts from the seeded data with no flags changed and no faults armed.
beforeAll(async () => {
  await sandbox.reset()
})

// A failed test's report ends with its last browser calls (see api-log.ts: a time-out then names the
// step that hung) and what its pages showed and asked for (failure-report.ts), as an error of its own,
// so that both are in the summary at the end of the log, which is what a CI report keeps.
beforeEach(() => {
  clearApiLog()
  clearWatchedPages()
})

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return
  const pages = await describePages()
  const calls = apiLog()
  if (!pages && !calls) return
  throw new Error(
    [
      'When the test failed:',
      calls ? `its last browser calls:\n${calls}` : '',
      pages ? `its pages:\n${pages}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  )
})
