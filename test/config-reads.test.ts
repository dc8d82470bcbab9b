// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sandboxPortalConfig } from '../sandbox/portal-config'
import { parseConfig } from '../src/config/config'

const root = join(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('configuration is read one way', () => {
  it('every product module reads a key through config.get, never as a property of the config', () => {
    const config = parseConfig(sandboxPortalConfig('http://idp.test'), 'http://portal.test')
    const keys = Object.keys(config).join('|')
    const propertyRead = new RegExp(`\\bconfig\\??\\.(${keys})\\b`)
    const offending = sources(join(root, 'src'))
      // config.ts itself builds the configuration (its schema's checks read the parsed values).
      .filter((file) => !/\.test\.tsx?$/.test(file) && !file.endsWith(join('config', 'config.ts')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${relative(root, file)}:${index + 1}` }))
          .filter(({ line }) => propertyRead.test(line))
          .map(({ at }) => at),
      )
    expect(keys).toContain('apiurl')
    expect(offending).toEqual([])
  })
})
