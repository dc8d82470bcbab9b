// npm run test:e2e: the browser suite. Checks for Chromium and nginx, builds the app (skip with E2E_SKIP_BUILD=1;
// build elsewhere than dist/ with E2E_DIST_DIR)
// and runs Vitest's e2e project (or E2E_VITEST_PROJECT: scripts/e2e-engines.ts names its own);
// extra arguments go to Vitest (a file filter, -t, etc.).
import { type ChildProcess, spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { chromiumPath } from '../test/e2e/support/chromium.ts'
import { requireExecutables } from './executables.ts'
import { nginxPath } from './nginx-server.ts'

const root = path.resolve(import.meta.dirname, '..')

requireExecutables([
  { name: 'Chromium', path: chromiumPath, variable: 'CHROMIUM_PATH', debianPackage: 'chromium' },
  { name: 'nginx', path: nginxPath, variable: 'NGINX_PATH', debianPackage: 'nginx' },
])

let current: ChildProcess | undefined
// Ctrl-C reaches the child through the terminal's process group; a SIGTERM sent to this process alone
// is passed on, so Vitest can close the browser, nginx and the sandbox itself.
process.on('SIGINT', () => {})
process.on('SIGTERM', () => current?.kill('SIGTERM'))

function run(bin: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/.bin', bin), ...args], {
      cwd: root,
      stdio: 'inherit',
    })
    current = child
    child.on('error', (error) => {
      console.error(`could not start ${bin}: ${error.message}`)
      resolve(1)
    })
    child.on('exit', (code, signal) => resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 1)))
  })
}

// E2E_DIST_DIR lets several people (or checkouts) run the suite at once without sharing dist/.
const outDir = process.env.E2E_DIST_DIR
if (process.env.E2E_SKIP_BUILD !== '1') {
  const code = await run('vite', [
    'build',
    '--logLevel',
    'warn',
    ...(outDir ? ['--outDir', outDir, '--emptyOutDir'] : []),
  ])
  if (code !== 0) process.exit(code)
}

const project = process.env.E2E_VITEST_PROJECT || 'e2e'
process.exit(await run('vitest', ['run', '--project', project, ...process.argv.slice(2)]))
