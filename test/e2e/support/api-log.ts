import type { Logger } from 'playwright-core'

// The last Playwright calls of the running test, printed when it fails. A test that hangs in a call
// without its own time-out (an evaluate, a resize) otherwise ends in Vitest's bare "Test timed out",
// which names no step; this says which call started and never ended, and how long each took.
// (Playwright marks the logger deprecated in favour of tracing, whose zip a CI log cannot show.)

const kept = 40
const recent: string[] = []
let start = Date.now()

export const apiLogger: Logger = {
  isEnabled: (name) => name === 'api',
  log: (_name, _severity, message) => {
    recent.push(`${String(Date.now() - start).padStart(6)} ms  ${String(message)}`)
    if (recent.length > kept) recent.shift()
  },
}

/** Starts a new test's log. */
export function clearApiLog(): void {
  recent.length = 0
  start = Date.now()
}

/** The test's last Playwright calls, oldest first, with the time since the test began. */
export function apiLog(): string {
  return recent.join('\n')
}
