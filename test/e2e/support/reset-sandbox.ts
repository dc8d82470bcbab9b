import { beforeAll, beforeEach } from 'vitest'
import { apiLog, clearApiLog } from './api-log'
import { sandbox } from './sandbox'

// Every spec file starts from the seeded data with no flags changed and no faults armed.
beforeAll(async () => {
  await sandbox.reset()
})

// A failed test prints its last browser calls (see api-log.ts): a time-out then names the step that hung.
beforeEach(({ onTestFailed }) => {
  clearApiLog()
  onTestFailed(() => {
    const log = apiLog()
    if (log) console.error(`The test's last browser calls:\n${log}`)
  })
})
