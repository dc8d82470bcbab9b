/// <reference types="vitest/config" />

import { readFileSync } from 'node:fs'
import path from 'node:path'
import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { developmentHeaders, securityHeaders } from './deploy/security-headers.ts'
import { routerConfig } from './router.config.ts'
import { devConfig } from './scripts/dev-config.ts'
import { landingChunk } from './scripts/landing-chunk.ts'
import { lightSchemeOnly } from './scripts/light-scheme-css.ts'
import { linguiPrecompile } from './scripts/lingui-precompile.ts'
import { precompress } from './scripts/precompress.ts'
import { securityHeadersPlugin } from './scripts/security-headers-plugin.ts'
import { pageChunk, shellChunk, shellPreload } from './scripts/shell-preload.ts'
import { tableWithoutScrollArea } from './scripts/table-without-scroll-area.ts'

// The chart, date-picker and phone-number libraries, found by their package names.
const chartModules = /node_modules[\\/](recharts|@mantine[\\/]charts|d3-|victory-vendor)/
const dateModules = /node_modules[\\/]@mantine[\\/]dates/
const phoneModules = /node_modules[\\/]libphonenumber-js/
// Mantine's floating components (menus, popovers, comboboxes, checkboxes, modals and what positions
// and layers them), the
// icons and the query hooks, by their packages' folders; and Mantine's later stylesheet, whose module
// every chunk that renders one of them imports.
const floatingModules =
  /node_modules[\\/](@floating-ui|@tabler[\\/]icons-react|@tanstack[\\/]react-query|@mantine[\\/]core[\\/]esm[\\/](utils[\\/]Floating|components[\\/](Popover|Combobox|Menu|MultiSelect|Select|ScrollArea|Portal|FocusTrap|Avatar|Kbd|Checkbox|InlineInput|Modal|ModalBase|Overlay)[\\/]))/
const laterStylesheet = path.resolve(import.meta.dirname, 'src/ui/mantine-later.css')
/** The chart, date-picker and phone libraries: chunks of their own, never part of a shared one. */
const inOwnChunk = (id: string) => chartModules.test(id) || dateModules.test(id) || phoneModules.test(id)

// The page most visits open first is /transactions in the signed-in shell (scripts/landing-chunk.ts).
const landingPage = path.resolve(import.meta.dirname, 'src/routes/_authed/_merchant/transactions.tsx')
const landing = landingChunk({
  entry: path.resolve(import.meta.dirname, 'src/main.tsx'),
  shell: path.resolve(import.meta.dirname, 'src/routes/_authed/_merchant.tsx'),
  page: landingPage,
})

function browserSuite(name: string, files: string, testTimeout: number) {
  return {
    test: {
      name,
      environment: 'node',
      include: [files],
      globalSetup: ['test/e2e/global-setup.ts'],
      setupFiles: ['test/e2e/support/reset-sandbox.ts'],
      fileParallelism: false,
      maxWorkers: 1,
      testTimeout,
      hookTimeout: 120_000,
    },
  }
}

/**
 * The route tests once more against the sandbox answering in another platform mode (SANDBOX_PLATFORM).
 * What the platform's answers do not decide is not run again: the session, deep links, drafts, sign-in
 * and sign-out, the catalogs and texts, the brand's theme and the command palette read nothing another
 * platform answers differently (spec texts, merchant changes and password pages included), and the
 * extra passes kept npm test over its five minutes.
 */
function platformPass(name: string, mode: 'newer' | 'spec-minimal') {
  return {
    extends: true as const,
    test: {
      name,
      include: ['test/routes/**/*.test.{ts,tsx}'],
      exclude: [
        'test/routes/{drafts,deep-links,sign-out,sign-in,session-tabs,auth-alerts,offline}.test.tsx',
        'test/routes/{locale-fallback,spec-texts,brand-theme,command-palette}.test.tsx',
        'test/routes/{merchant-change-veto,password-pages}.test.tsx',
      ],
      env: { SANDBOX_PLATFORM: mode },
    },
  }
}

/** The release every log entry names (src/log/release.ts): package.json's version. */
const release: unknown = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8'),
).version
if (typeof release !== 'string') throw new Error('package.json has no version')

const apiTarget = process.env.SANDBOX_API_URL ?? `http://localhost:${process.env.SANDBOX_API_PORT ?? 4010}`
const identityOrigin = process.env.SANDBOX_IDP_URL ?? 'http://localhost:4011'

export default defineConfig({
  define: { __RELEASE__: JSON.stringify(release) },
  plugins: [
    tanstackRouter(routerConfig),
    react(),
    // Messages keep their English text in the build, compiled, so the source locale needs neither a
    // catalog download nor a message compiler in the browser.
    babel({
      plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }], linguiPrecompile],
    }),
    lingui(),
    landing.plugin,
    // index.html names the landing chunk and the landing page's own for preloading (scripts/shell-preload.ts).
    shellPreload([shellChunk('landing'), pageChunk(landingPage)]),
    // Tables without the ScrollArea and floating-UI code of a member never used (scripts/table-without-scroll-area.ts).
    tableWithoutScrollArea(),
    // A Brotli copy of each asset for nginx to send (scripts/precompress.ts).
    precompress(),
    // /config.json naming the sandbox, in the dev and preview servers only: the build ships none.
    devConfig(identityOrigin, import.meta.dirname),
    // Pages get a fresh style nonce per answer, named by their policy, as nginx gives them.
    securityHeadersPlugin({
      development: (styleNonce) => developmentHeaders(identityOrigin, { styleNonce }),
      preview: (styleNonce, linkPage) => securityHeaders(identityOrigin, { styleNonce, linkPage }),
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    // Every other answer's headers; pages get theirs from securityHeadersPlugin.
    headers: developmentHeaders(identityOrigin),
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
  // Only the light colour scheme is ever shown: Mantine's dark-scheme rules are left out.
  css: { postcss: { plugins: [lightSchemeOnly()] } },
  build: {
    target: 'es2022',
    // Maps for debugging a build locally; no bundle names one, and nginx serves none (deploy/nginx.conf).
    sourcemap: 'hidden',
    manifest: true,
    // Every browser the portal supports (Chromium, Firefox ESR, Safari 17 and WebKitGTK) knows
    // modulepreload; where a browser did not, the hint is ignored and the scripts still load. 0.2 KB gzip
    // of the entry, on every page's first paint.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Valibot's schema builders (always called as `v.…`) make nothing happen but their schema, and a
      // property read (`...Schema.entries`, `LIMITS.text`) has no effect of its own: so a schema no chunk
      // uses is left out instead of kept for what evaluating it might do. /transactions 200.5 → 200.1 KB.
      treeshake: { manualPureFunctions: ['v'], propertyReadSideEffects: false },
      output: {
        // Everything the entry needs before first paint in one chunk: one request, and gzip sees it
        // all at once, instead of a few dozen small shared chunks that grow in number with every route.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // Before the shared group: listed after it (as dates and charts are), the phone library still
            // ended up in the shared chunk.
            { name: 'phone', test: phoneModules },
            // The signed-in shell, and what /transactions shares with other parts of the app.
            {
              debugName: 'landing',
              name: (id, ctx) => (!inOwnChunk(id) && landing.isLandingModule(id, ctx) ? 'landing' : null),
            },
            // The floating components and icons that neither the entry nor the landing chunk holds, in a
            // chunk of their own: the controls /transactions loads when first used (the account menu,
            // Views, Columns, the Status and Programs fields: src/ui/deferred-control.ts) then fetch 49 KB
            // gzip with their own few KB, not the 116 KB shared chunk and the 30 KB phone library that
            // chunk imports (Lighthouse mobile /transactions LCP 2949 → 2144 ms when they loaded after
            // the first paint). Modals are here too: the idle warning's dialog, fetched a few seconds
            // after every start-up, took the shared chunk and the phone library with it for Modal alone
            // (64 + 29 KB gzip a signed-in visit no longer downloads; this chunk 49 → 55 KB).
            {
              debugName: 'floating',
              name: (id, ctx) =>
                (floatingModules.test(id) || id === laterStylesheet) && !landing.isFirstLoadModule(id, ctx)
                  ? 'floating'
                  : null,
            },
            // Everything else that two or more pages share, in one chunk: a page then takes a handful
            // of requests, not the few dozen tiny ones (each a round trip on a phone) that automatic
            // splitting makes of the component library. The chart, date-picker and phone libraries stay in
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
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The route tests
    // spend much of their time waiting on the in-process sandbox, so two workers overlap that waiting.
    maxWorkers: 2,
    // Test files share their worker's modules instead of importing the app afresh each: 190 s instead of
    // 320 s on the 2-core machine, most of it once spent importing. Every file starts its own sandbox and
    // renders its own app with its own services, so nothing a test reads is left over from another file
    // (a sandbox that shared seeded records across instances was found this way, and fixed).
    isolate: false,
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache) and shared by the three
    // projects: the platform passes import the app without transforming it again, and a second run
    // transforms only what changed. Measured on two route files: transform 21.2 s → 1.5 s, import 20.4 s → 5.8 s.
    experimental: { fsModuleCache: true },
    hookTimeout: 30_000,
    teardownTimeout: 30_000,
    // The route tests run twice more: against the sandbox answering as a newer platform would (unknown
    // fields and values, opaque ids, short pages, empty write answers: sandbox/api/newer-platform.ts),
    // and as one that sends only what the spec promises (fields the spec lists alone, no nulls,
    // non-UUID merchant and program ids: sandbox/api/spec-minimal.ts). npm test runs `current`;
    // `npm run test:platforms` runs the other two. Each project names its own files: an `include` in the
    // shared part would be added to the other projects', not replaced by them.
    projects: [
      {
        extends: true,
        test: {
          name: 'current',
          include: [
            'src/**/*.test.{ts,tsx}',
            'test/**/*.test.{ts,tsx}',
            'sandbox/**/*.test.ts',
            'deploy/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      platformPass('newer-platform', 'newer'),
      platformPass('spec-minimal', 'spec-minimal'),
      // The browser suites (npm run test:e2e, test:e2e:engines; scripts/e2e.ts builds and checks the
      // browsers first): one sandbox, one preview server and one browser at a time on two cores, with
      // time-outs that allow for a cold browser start. They run in Node and share nothing above.
      browserSuite('e2e', 'test/e2e/**/*.e2e.ts', 60_000),
      // The main flows (test/e2e/flows/) in Firefox ESR and WebKitGTK.
      browserSuite('engines', 'test/engines/**/*.engines.ts', 90_000),
    ],
  },
})
