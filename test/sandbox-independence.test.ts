// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const portal = join(root, 'src')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

// `import … from '…'`, `export … from '…'`, `import('…')` and a bare `import '…'`.
const importPattern = /(?:import|export)[^'"]*from\s*'([^']+)'|import\s*\(?\s*'([^']+)'/g

/** Every module specifier of every sandbox file, with the file naming it. */
function sandboxImports(): { file: string; specifier: string }[] {
  return sources(join(root, 'sandbox')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(importPattern)].map((match) => ({
      file,
      specifier: match[1] ?? match[2] ?? '',
    })),
  )
}

describe('the sandbox computes with code of its own', () => {
  it('imports nothing from the portal features (totals, periods and password rules are its own)', () => {
    const offending = sandboxImports()
      .filter(({ specifier }) => /(^|\/)src\/features\//.test(specifier))
      .map(({ file, specifier }) => `${relative(root, file)} → ${specifier}`)
    expect(offending).toEqual([])
  })

  it('imports nothing from the portal at all: its calendar, CSV writer and amounts are written apart', () => {
    // Only the wire contract (contract/) is shared; a rule taken from src/ would be wrong on both
    // sides at once, and no test comparing them could tell.
    const offending = sandboxImports()
      .filter(({ specifier }) => specifier.startsWith('.'))
      .filter(({ file, specifier }) => {
        const target = resolve(dirname(file), specifier)
        return target === portal || target.startsWith(`${portal}${sep}`)
      })
      .map(({ file, specifier }) => `${relative(root, file)} → ${specifier}`)
    expect(offending).toEqual([])
  })

  it('shares only the contract with the portal, and the contract imports neither side', () => {
    const sandbox = join(root, 'sandbox')
    const offending = sources(join(root, 'contract')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(importPattern)]
        .map((match) => match[1] ?? match[2] ?? '')
        .filter((specifier) => specifier.startsWith('.'))
        .filter((specifier) => {
          const target = resolve(dirname(file), specifier)
          return [portal, sandbox].some((side) => target === side || target.startsWith(`${side}${sep}`))
        })
        .map((specifier) => `${relative(root, file)} → ${specifier}`),
    )
    expect(offending).toEqual([])
  })
})
