import { defineConfig } from 'vitest/config'

// npm run test:e2e:engines: the main flows (test/e2e/flows/) in Firefox ESR and WebKitGTK against the
// same sandbox and preview server as the Chromium suite, one browser at a time.
export default defineConfig({
  test: {
    name: 'engines',
    environment: 'node',
    include: ['test/engines/**/*.engines.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    setupFiles: ['test/e2e/support/reset-sandbox.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
})
