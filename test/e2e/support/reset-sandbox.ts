import { beforeAll } from 'vitest'
import { sandbox } from './sandbox'

// Every spec file starts from the seeded data with no flags changed and no faults armed.
beforeAll(async () => {
  await sandbox.reset()
})
