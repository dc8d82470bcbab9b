import { afterAll, beforeAll } from 'vitest'
import { createControl, type SandboxControl } from '../../sandbox/control'
import { type SandboxOptions, startSandbox } from '../../sandbox/index'

export interface SandboxFixture {
  /** The sandbox API's URL (from the file's `beforeAll` on, as everything here). */
  readonly apiUrl: string
  /** The sandbox identity provider's URL. */
  readonly idpUrl: string
  /** Its control API: faults, flags, recorded requests, sessions. */
  readonly control: SandboxControl
  /** Regenerates all data and clears faults, logs, recorded requests and flag overrides. */
  reset(): void
}

/**
 * The test file's own in-process sandbox (API and identity provider on free ports): started before
 * its first test, closed after its last. Call it at the top of the file, before hooks that use it.
 */
export function fileSandbox(options: Omit<SandboxOptions, 'apiPort' | 'idpPort'> = {}): SandboxFixture {
  let running: { sandbox: Awaited<ReturnType<typeof startSandbox>>; control: SandboxControl } | undefined
  const current = () => {
    if (!running) throw new Error('the sandbox runs from beforeAll to afterAll: use it in tests and hooks')
    return running
  }
  beforeAll(async () => {
    const sandbox = await startSandbox({ apiPort: 0, idpPort: 0, quiet: true, ...options })
    running = { sandbox, control: createControl(sandbox.apiUrl) }
  })
  afterAll(async () => {
    await running?.sandbox.close()
    running = undefined
  })
  return {
    get apiUrl() {
      return current().sandbox.apiUrl
    },
    get idpUrl() {
      return current().sandbox.idpUrl
    },
    get control() {
      return current().control
    },
    reset: () => current().sandbox.reset(),
  }
}
