// npm run test:e2e:engines: the main flows in Firefox ESR and WebKitGTK (test/engines/). Checks that both
// engines are installed, then runs scripts/e2e.ts (which builds, unless E2E_SKIP_BUILD=1) with
// vitest.engines.config.ts; the WebKit driver starts and stops its own Xvfb. Extra arguments go to Vitest.
import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

const needed: [name: string, file: string, debianPackage: string][] = [
  ['Firefox ESR', process.env.FIREFOX_PATH || '/usr/bin/firefox-esr', 'firefox-esr'],
  ['WebKitWebDriver', process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
  [
    'MiniBrowser',
    process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    'webkit2gtk-driver',
  ],
  ['Xvfb', process.env.XVFB_PATH || '/usr/bin/Xvfb', 'xvfb'],
]
const missing = needed.filter(([, file]) => {
  try {
    accessSync(file, constants.X_OK)
    return false
  } catch {
    return true
  }
})
if (missing.length > 0) {
  const packages = [...new Set(missing.map(([, , name]) => name))].join(' ')
  console.error(
    `${missing.map(([name, file]) => `${name} (${file})`).join(', ')} missing: install with 'apt-get install -y ${packages} xauth'`,
  )
  process.exit(1)
}

process.on('SIGINT', () => {})
const tsx = path.join(root, 'node_modules/.bin/tsx')
const child = spawn(process.execPath, [tsx, path.join(root, 'scripts/e2e.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_VITEST_CONFIG: 'vitest.engines.config.ts' },
})
process.on('SIGTERM', () => child.kill('SIGTERM'))
child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? os.constants.signals[signal] : 1)))
