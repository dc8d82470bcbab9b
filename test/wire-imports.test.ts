// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The rule: the portal reads every answer with a reader of src/api/schemas (`…Reader`, built from the
// contract's fields) and takes everything else of the wire from contract/ itself (value lists, limits,
// patterns, error codes, what it sends). src/api/schemas re-exports nothing, so each name has one home.

const root = join(import.meta.dirname, '..')
const readersDir = join(root, 'src/api/schemas')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const readerNames = new Set(
  sources(readersDir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/export const (\w+Reader)\b/g)].map((match) => match[1] ?? ''),
  ),
)

describe('the wire contract has one home', () => {
  it('src/api/schemas declares readers and re-exports nothing of the contract', () => {
    const reexports = sources(readersDir).flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(/export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\s+'([^']+)'/g),
      ].map((match) => `${relative(root, file)} → ${match[1]}`),
    )
    expect(reexports).toEqual([])
  })

  it('the portal reads an answer with its reader, never with the strict schema the reader loosens', () => {
    const importPattern = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g
    const offending = sources(join(root, 'src'))
      .filter((file) => !file.startsWith(readersDir))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(importPattern)]
          .filter((match) => relative(root, resolve(dirname(file), match[2] ?? '')).startsWith('contract/'))
          .flatMap((match) => (match[1] ?? '').split(','))
          .map((name) => name.replace(/^\s*type\s+/, '').trim())
          .filter((name) => name.endsWith('Schema') && readerNames.has(name.replace(/Schema$/, 'Reader')))
          .map((name) => `${relative(root, file)}: ${name}`),
      )
    expect(readerNames.size).toBeGreaterThan(20)
    expect(offending).toEqual([])
  })
})
