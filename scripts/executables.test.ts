// @vitest-environment node
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type Executable, missingExecutables } from './executables'

const node: Executable = {
  name: 'Node',
  path: process.execPath,
  variable: 'NODE_PATH_X',
  debianPackage: 'nodejs',
}
const absent = (name: string, debianPackage: string): Executable => ({
  name,
  path: path.join(import.meta.dirname, `no-such-${name}`),
  variable: `${name.toUpperCase()}_PATH`,
  debianPackage,
})

describe('missingExecutables', () => {
  it('says nothing when every executable can be run', () => {
    expect(missingExecutables([node])).toBeNull()
  })

  it('names each missing executable with its path and variable, and one install line for their packages', () => {
    const driver = absent('driver', 'webkit2gtk-driver')
    const browser = absent('browser', 'webkit2gtk-driver')
    expect(missingExecutables([node, driver, browser], ['xauth'])).toBe(
      `driver (${driver.path}, or set DRIVER_PATH), browser (${browser.path}, or set BROWSER_PATH) not found: ` +
        `install with 'apt-get install -y webkit2gtk-driver xauth'`,
    )
  })

  it('counts a file that cannot be executed as missing', () => {
    const notRunnable = { ...node, name: 'Text', path: import.meta.filename }
    expect(missingExecutables([notRunnable])).toMatch(/^Text \(/)
  })
})
