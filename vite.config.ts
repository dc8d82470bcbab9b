/// <reference types="vitest/config" />

import path from 'node:path'
import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import type { ChunkingContext } from 'rolldown'
import { defineConfig } from 'vite'
import { securityHeaders } from './deploy/security-headers.ts'
import { routerConfig } from './router.config.ts'
import { linguiPrecompile } from './scripts/lingui-precompile.ts'

const chartModules = /node_modules[\\/](recharts|@mantine[\\/]charts|d3-|victory-vendor)/
// The date pickers' library and the two fields that import it.
const dateModules =
  /node_modules[\\/]@mantine[\\/]dates|src[\\/](ui[\\/]date-range-filter|features[\\/]insights[\\/]components[\\/]insights-filters)\.tsx/
/** The chart and date-picker libraries: chunks of their own, never part of a shared one. */
const inOwnChunk = (id: string) => chartModules.test(id) || dateModules.test(id)

// The page most visits open first is /transactions in the signed-in shell. The modules those two
// route components reach through static imports, where other pages share them, go in a `landing`
// chunk of their own; what only other pages share goes in `shared`. Opening /transactions then does
// not download the other pages' common code (21 KB gzip); other pages fetch both chunks. The walk
// follows the component library through its index, so `landing` holds the library's shared parts.
const landingRoutes = ['src/routes/_authed.tsx', 'src/routes/_authed/transactions.tsx'].map((file) =>
  path.resolve(import.meta.dirname, file),
)
let landingModules: Set<string> | null = null

function isLandingModule(id: string, ctx: ChunkingContext): boolean {
  if (!landingModules) {
    landingModules = new Set()
    const pending = landingRoutes.flatMap(
      (file) =>
        ctx
          .getModuleInfo(file)
          ?.dynamicallyImportedIds.filter((split) => split.includes('tsr-split=component')) ?? [],
    )
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (landingModules.has(next)) continue
      landingModules.add(next)
      pending.push(...(ctx.getModuleInfo(next)?.importedIds ?? []))
    }
  }
  return landingModules.has(id)
}

const apiTarget = process.env.SANDBOX_API_URL ?? 'http://localhost:4010'
const identityOrigin = process.env.SANDBOX_IDP_URL ?? 'http://localhost:4011'

export default defineConfig({
  plugins: [
    tanstackRouter(routerConfig),
    react(),
    // Messages keep their English text in the build, compiled, so the source locale needs neither a
    // catalog download nor a message compiler in the browser.
    babel({
      plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }], linguiPrecompile],
    }),
    lingui(),
    // Every build walks its own module graph for the landing chunk.
    {
      name: 'merchant-portal:landing-chunk',
      buildStart() {
        landingModules = null
      },
    },
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // Development only: the fake-auth admin page lists and signs in sandbox personas through it.
      '/__sandbox': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    strictPort: true,
    headers: securityHeaders(identityOrigin),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry needs before first paint in one chunk: one request, and gzip sees it
        // all at once, instead of a few dozen small shared chunks that grow in number with every route.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // What the signed-in shell and /transactions share with other pages (see landingRoutes).
            {
              debugName: 'landing',
              name: (id, ctx) => (!inOwnChunk(id) && isLandingModule(id, ctx) ? 'landing' : null),
              minShareCount: 2,
            },
            // Everything else that two or more pages share, in one chunk: a page then takes a handful
            // of requests, not the few dozen tiny ones (each a round trip on a phone) that automatic
            // splitting makes of the component library. The chart and date-picker libraries stay in
            // chunks of their own, fetched only by the pages and fields that show them.
            { name: 'shared', minShareCount: 2, test: (id) => !inOwnChunk(id) },
            { name: 'dates', test: dateModules },
            { name: 'charts', test: chartModules },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./test/setup.ts'],
    include: [
      'src/**/*.test.{ts,tsx}',
      'test/**/*.test.{ts,tsx}',
      'sandbox/**/*.test.ts',
      'deploy/**/*.test.ts',
    ],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The route tests
    // spend much of their time waiting on the in-process sandbox, so two workers overlap that waiting.
    maxWorkers: 2,
    // Permission Denied and the 'Oops...' box are router outcomes the tests cause on purpose; React and
    // the router report each caught error at length, which only buries real failures.
    onConsoleLog: (log) =>
      !/Forbidden by gate|The above error occurred|Error in route match|React will try to recreate/.test(log),
    hookTimeout: 30_000,
  },
})
