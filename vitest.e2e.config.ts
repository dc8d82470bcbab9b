import { defineConfig } from 'vitest/config'

// The browser suite: one sandbox, one preview server and one Chromium at a time (the CI machine has
// two cores), with time-outs that allow for a cold browser start.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    setupFiles: ['test/e2e/support/reset-sandbox.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
})
