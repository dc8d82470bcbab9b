// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const importPattern = /(?:import|export)[^'"]*from\s*'([^']+)'|import\('([^']+)'\)/g

describe('the sandbox computes with code of its own', () => {
  it('imports nothing from the portal features (totals, periods and password rules are its own)', () => {
    const offending = sources(join(root, 'sandbox')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(importPattern)]
        .map((match) => match[1] ?? match[2] ?? '')
        .filter((specifier) => /(^|\/)src\/features\//.test(specifier))
        .map((specifier) => `${relative(root, file)} → ${specifier}`),
    )
    expect(offending).toEqual([])
  })
})
