// What scripts/e2e.ts and scripts/e2e-engines.ts check before they start: the programs the suites
// run, each looked for where its driver looks (an environment variable, or a Debian default).
import { accessSync, constants } from 'node:fs'

export interface Executable {
  /** As the message names it, e.g. `Chromium`. */
  name: string
  path: string
  /** The environment variable that points elsewhere than the default path. */
  variable: string
  /** The Debian package that installs it. */
  debianPackage: string
}

function runnable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * One line naming every executable in `needed` that cannot be run, and the `apt-get install` that
 * brings them all (with `alsoInstall`); null when every one can.
 */
export function missingExecutables(
  needed: readonly Executable[],
  alsoInstall: readonly string[] = [],
): string | null {
  const missing = needed.filter(({ path }) => !runnable(path))
  if (missing.length === 0) return null
  const names = missing.map(({ name, path, variable }) => `${name} (${path}, or set ${variable})`)
  const packages = new Set([...missing.map(({ debianPackage }) => debianPackage), ...alsoInstall])
  return `${names.join(', ')} not found: install with 'apt-get install -y ${[...packages].join(' ')}'`
}

/** Stops the script with missingExecutables' line when something in `needed` cannot be run. */
export function requireExecutables(needed: readonly Executable[], alsoInstall: readonly string[] = []): void {
  const problem = missingExecutables(needed, alsoInstall)
  if (problem === null) return
  console.error(problem)
  process.exit(1)
}
