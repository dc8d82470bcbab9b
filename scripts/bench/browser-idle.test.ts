import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { untilBrowserIdle } from './browser-idle.ts'

describe.runIf(existsSync('/proc/self/stat'))('untilBrowserIdle', () => {
  it('resolves within a second when no process of ours is busy', async () => {
    const started = performance.now()
    await untilBrowserIdle()
    expect(performance.now() - started).toBeLessThan(1_500)
  })

  it('waits while a process this one started is busy, and resolves once it has stopped', async () => {
    const busyMs = 1_500
    const child = spawn(process.execPath, [
      '-e',
      `const end = Date.now() + ${busyMs}; while (Date.now() < end); setTimeout(() => {}, 3000)`,
    ])
    const started = performance.now()
    try {
      // Let the child start its loop before asking.
      await new Promise((resolve) => setTimeout(resolve, 200))
      await untilBrowserIdle()
      const waited = performance.now() - started
      expect(waited).toBeGreaterThanOrEqual(busyMs)
      expect(waited).toBeLessThan(busyMs + 2_000)
    } finally {
      child.kill()
    }
  })
})
