// npm run test:e2e:engines: the main flows in Firefox ESR and WebKitGTK (test/engines/). Checks that both
// engines are installed, then runs scripts/e2e.ts (which builds, unless E2E_SKIP_BUILD=1) with
// Vitest's engines project; the WebKit driver starts and stops its own Xvfb. Extra arguments go to Vitest.
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { firefoxPath } from '../test/e2e/driver/firefox.ts'
import { miniBrowserPath, webkitDriverPath, xvfbPath } from '../test/e2e/driver/webkit.ts'
import { requireExecutables } from './executables.ts'

const root = path.resolve(import.meta.dirname, '..')

requireExecutables(
  [
    { name: 'Firefox ESR', path: firefoxPath, variable: 'FIREFOX_PATH', debianPackage: 'firefox-esr' },
    {
      name: 'WebKitWebDriver',
      path: webkitDriverPath,
      variable: 'WEBKIT_DRIVER_PATH',
      debianPackage: 'webkit2gtk-driver',
    },
    {
      name: 'MiniBrowser',
      path: miniBrowserPath,
      variable: 'MINIBROWSER_PATH',
      debianPackage: 'webkit2gtk-driver',
    },
    { name: 'Xvfb', path: xvfbPath, variable: 'XVFB_PATH', debianPackage: 'xvfb' },
  ],
  // Installed with them, as TOOLCHAIN.md says.
  ['xauth'],
)

process.on('SIGINT', () => {})
const tsx = path.join(root, 'node_modules/.bin/tsx')
const child = spawn(process.execPath, [tsx, path.join(root, 'scripts/e2e.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_VITEST_PROJECT: 'engines' },
})
process.on('SIGTERM', () => child.kill('SIGTERM'))
child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? os.constants.signals[signal] : 1)))
