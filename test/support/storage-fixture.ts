import { afterEach, beforeEach } from 'vitest'
import type { LogLevel } from '../../contract/log'
import type { LogContext, LogFn } from '../../src/log/logger'
import { createStorage } from '../../src/storage/storage'

export const ACME = '3f2b8c1e-5d4a-4b7e-9c2f-1a2b3c4d5e6f'
export const GLOBEX = '7a1c9e2d-4b3f-4e8a-8d6c-0f1e2d3c4b5a'

/**
 * For storage tests: what storage logged in the current test, storage over the browser's, and a way to
 * end each subscription after its test (subscriptions outlive a test otherwise, and instances over the
 * same storage hear each other). Call at the top level of the test file: it registers the hooks.
 */
export function storageFixture() {
  const logged: [LogLevel, string, LogContext | undefined][] = []
  const log: LogFn = (level, message, context) => {
    logged.push([level, message, context])
  }
  const cleanups: (() => void)[] = []
  beforeEach(() => {
    logged.length = 0
  })
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup()
  })
  return {
    logged,
    log,
    browserStorage: () => createStorage({ local: window.localStorage, session: window.sessionStorage }, log),
    /** Ends the subscription after the test. */
    subscribed(unsubscribe: () => void): () => void {
      cleanups.push(unsubscribe)
      return unsubscribe
    },
  }
}
