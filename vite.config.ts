/// <reference types="vitest/config" />

import path from 'node:path'
import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import type { ChunkingContext, ModuleInfo } from 'rolldown'
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

// The page most visits open first is /transactions in the signed-in shell. Their code goes in as few
// files as it can, since each file a phone fetches one after another costs it a round trip: the
// `landing` chunk holds the shell (every signed-in page needs it) and what /transactions shares with
// other parts of the app; /transactions' own code stays in its route chunk. Opening /transactions
// then takes three scripts and none of the code only other pages share (`shared`).
const entryFile = path.resolve(import.meta.dirname, 'src/main.tsx')
const shellFile = path.resolve(import.meta.dirname, 'src/routes/_authed.tsx')
const pageFile = path.resolve(import.meta.dirname, 'src/routes/_authed/transactions.tsx')
let landingModules: Set<string> | null = null
// Per build, as landingModules: each module's imports are worked out once for the three walks, and
// each package index is read once, not once per module importing it.
const barrelTables = new Map<string, Map<string, string> | null>()
const moduleImports = new Map<string, string[]>()

const namedImports = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g
const namedReexports = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g
const localExports = /export\s*\{([^}]*)\}\s*;/g

/** `a, b as c` → [[a, a], [b, c]]: each binding's name in the module it comes from, and here. */
function bindings(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((names) => names[0])
    .map(([from = '', as]) => [from, as ?? from])
}

/**
 * A package index that re-exports the package's modules (the component library's, its hooks', the
 * icons'): each name it exports, and the module that defines it. Null for other modules.
 */
function barrelTable(info: ModuleInfo): Map<string, string> | null {
  if (!barrelTables.has(info.id)) barrelTables.set(info.id, readBarrelTable(info))
  return barrelTables.get(info.id) ?? null
}

function readBarrelTable(info: ModuleInfo): Map<string, string> | null {
  if (!info.id.includes('node_modules') || !info.code) return null
  const local = new Map<string, string>()
  const table = new Map<string, string>()
  const resolve = (specifier: string) => path.resolve(path.dirname(info.id), specifier)
  for (const [, list = '', specifier = ''] of info.code.matchAll(namedImports)) {
    if (specifier.startsWith('.')) for (const [, as] of bindings(list)) local.set(as, resolve(specifier))
  }
  for (const [, list = '', specifier = ''] of info.code.matchAll(namedReexports)) {
    if (specifier.startsWith('.')) for (const [, as] of bindings(list)) table.set(as, resolve(specifier))
  }
  for (const [, list = ''] of info.code.matchAll(localExports)) {
    for (const [from, as] of bindings(list)) {
      const file = local.get(from)
      if (file) table.set(as, file)
    }
  }
  return table.size >= 20 ? table : null
}

/**
 * What a module imports, with a package index replaced by the modules that define the names taken
 * from it: a walk through the index itself would reach every component of the library, and put the
 * ones only other pages use in `landing`.
 */
function importsOf(info: ModuleInfo, ctx: ChunkingContext): string[] {
  const known = moduleImports.get(info.id)
  if (known) return known
  const imports = resolveImports(info, ctx)
  moduleImports.set(info.id, imports)
  return imports
}

function resolveImports(info: ModuleInfo, ctx: ChunkingContext): string[] {
  const taken = new Map<string, string[]>()
  for (const [, list = '', specifier = ''] of info.code?.matchAll(namedImports) ?? []) {
    if (specifier.startsWith('.') || specifier.startsWith('/')) continue
    taken.set(specifier, [...(taken.get(specifier) ?? []), ...bindings(list).map(([from]) => from)])
  }
  return info.importedIds.flatMap((id) => {
    const imported = ctx.getModuleInfo(id)
    const table = imported && barrelTable(imported)
    const names = [...taken].find(([specifier]) => id.includes(`node_modules/${specifier}/`))?.[1]
    if (!table || !names) return [id]
    return names.map((name) => table.get(name)).filter((file): file is string => file !== undefined)
  })
}

/** The modules `starts` reach through static imports (package indexes resolved as in importsOf). */
function staticClosure(starts: string[], ctx: ChunkingContext): Set<string> {
  const reached = new Set<string>()
  const pending = [...starts]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (reached.has(next)) continue
    reached.add(next)
    const info = ctx.getModuleInfo(next)
    if (info) pending.push(...importsOf(info, ctx))
  }
  return reached
}

function isLandingModule(id: string, ctx: ChunkingContext): boolean {
  if (!landingModules) {
    const splitsOf = (file: string) =>
      ctx.getModuleInfo(file)?.dynamicallyImportedIds.filter((split) => split.includes('tsr-split=')) ?? []
    const pageSplits = splitsOf(pageFile)
    // Every part of the app loaded on demand (other pages, dialogs, drawers…), but /transactions' own.
    const onDemand = new Set<string>()
    const seen = new Set<string>()
    const pending = [entryFile]
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (seen.has(next)) continue
      seen.add(next)
      const info = ctx.getModuleInfo(next)
      if (!info) continue
      pending.push(...info.importedIds, ...info.dynamicallyImportedIds)
      for (const target of info.dynamicallyImportedIds) if (!pageSplits.includes(target)) onDemand.add(target)
    }
    const elsewhere = staticClosure([...onDemand], ctx)
    const page = staticClosure(pageSplits, ctx)
    landingModules = staticClosure(splitsOf(shellFile), ctx)
    for (const module of page) if (elsewhere.has(module)) landingModules.add(module)
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
        barrelTables.clear()
        moduleImports.clear()
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
            // The signed-in shell, and what /transactions shares with other parts of the app.
            {
              debugName: 'landing',
              name: (id, ctx) => (!inOwnChunk(id) && isLandingModule(id, ctx) ? 'landing' : null),
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
    // The route tests run a second time against the sandbox answering as a newer platform would
    // (unknown fields and values, opaque ids, short pages, empty write answers: see
    // sandbox/api/newer-platform.ts). `--project current` or `--project newer-platform` picks one.
    projects: [
      { extends: true, test: { name: 'current' } },
      {
        extends: true,
        test: {
          name: 'newer-platform',
          include: ['test/routes/**/*.test.{ts,tsx}'],
          env: { SANDBOX_PLATFORM: 'newer' },
        },
      },
    ],
  },
})
