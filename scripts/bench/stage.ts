// What the bench measures on: the production build served by nginx with deploy/nginx.conf (as the
// browser suite serves it, scripts/nginx-server.ts), an in-process sandbox, and one Chromium.
import { spawn } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core'
import { createControl, type SandboxControl } from '../../sandbox/control.ts'
import { startSandbox } from '../../sandbox/index.ts'
import { sandboxPortalConfig } from '../../sandbox/portal-config.ts'
import { chromiumPath, desktop, launchChromium } from '../../test/e2e/support/chromium.ts'
import { freePort, startNginx } from '../nginx-server.ts'
import { root } from './options.ts'

/** Thrown when the bench cannot set up what it measures on (no Chromium, a failed build, …). */
export class StageError extends Error {}

/** Runs a command with the terminal's output; resolves with its exit code. */
export function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' })
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`)
      resolve(1)
    })
    child.on('exit', (code, signal) => resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 1)))
  })
}

export function checkChromium(): void {
  try {
    accessSync(chromiumPath, constants.X_OK)
  } catch {
    throw new StageError(
      `Chromium not found at ${chromiumPath}: install it with 'apt-get install -y chromium' or set CHROMIUM_PATH`,
    )
  }
}

/** Builds into `outDir` (unless `skip`, when the build must be there already). */
export async function build(outDir: string, skip: boolean, say: (text: string) => void): Promise<void> {
  const relative = path.relative(root, outDir) || '.'
  if (skip) {
    if (!existsSync(path.join(outDir, 'index.html')))
      throw new StageError(`${relative}/index.html is missing; build first or leave out --skip-build`)
    return
  }
  say(`building into ${relative}/ …`)
  const vite = path.join(root, 'node_modules/.bin/vite')
  const code = await run(process.execPath, [
    vite,
    'build',
    '--logLevel',
    'warn',
    '--outDir',
    outDir,
    '--emptyOutDir',
  ])
  if (code !== 0) throw new StageError(`vite build exited with ${code}`)
}

export interface Stage {
  baseURL: string
  control: SandboxControl
  /** Chromium flags that make it trust nginx's certificate. */
  trustArgs: string[]
  browser(): Promise<Browser>
  /** A fresh context (cold cache) on the portal; a desktop screen unless `options` says otherwise. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>
  close(): Promise<void>
}

// The bench runs under tsx, which names functions with an `__name` helper; functions sent into the
// page to run there (page.evaluate, addInitScript) carry the calls, so every page gets the helper.
const nameHelper = 'globalThis.__name = (target) => target'

/** Starts the sandbox and nginx on `outDir`; the browser starts on first use. */
export async function startStage(outDir: string): Promise<Stage> {
  const webPort = await freePort()
  const baseURL = `https://localhost:${webPort}`
  const sandbox = await startSandbox({ apiPort: 0, idpPort: 0, portalOrigins: [baseURL], quiet: true })
  // As the e2e suite's server: the build ships no config.json, so nginx answers one naming this sandbox.
  const server = await startNginx({
    dir: outDir,
    port: webPort,
    apiUrl: sandbox.apiUrl,
    identityOrigin: new URL(sandbox.idpUrl).origin,
    configJson: JSON.stringify(sandboxPortalConfig(sandbox.idpUrl)),
  }).catch(async (error: unknown) => {
    await sandbox.close()
    throw error
  })
  let browser: Promise<Browser> | null = null
  const stage: Stage = {
    baseURL,
    control: createControl(sandbox.apiUrl),
    trustArgs: server.chromiumTrustArgs,
    browser() {
      browser ??= launchChromium(server.chromiumTrustArgs)
      return browser
    },
    async newContext(options = {}) {
      const context = await (await stage.browser()).newContext({
        baseURL,
        locale: 'en-US',
        viewport: desktop,
        ...options,
      })
      context.setDefaultTimeout(60_000)
      context.setDefaultNavigationTimeout(60_000)
      await context.addInitScript({ content: nameHelper })
      return context
    },
    async close() {
      const open = browser
      browser = null
      await open?.then((running) => running.close()).catch(() => {})
      await server.close().catch(() => {})
      await sandbox.close().catch(() => {})
    },
  }
  return stage
}
