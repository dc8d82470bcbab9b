import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const src = path.resolve(import.meta.dirname, '..')
const stylesDir = path.resolve(src, '../node_modules/@mantine/core/styles')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe('the Mantine stylesheet (src/app/mantine.css)', () => {
  it('has the styles of every component imported from @mantine/core', () => {
    const listed = new Set(
      [...readFileSync(path.join(src, 'app/mantine.css'), 'utf8').matchAll(/styles\/(\w+)\.css/g)].map(
        (match) => match[1],
      ),
    )
    const used = new Set<string>()
    for (const file of sourceFiles(src)) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g,
      )) {
        for (const name of (match[1] ?? '').split(',')) {
          const component = name
            .replace(/\btype\b/, '')
            .trim()
            .split(/\s+as\s+/)[0]
          if (component && existsSync(path.join(stylesDir, `${component}.css`))) used.add(component)
        }
      }
    }
    expect([...used].filter((component) => !listed.has(component))).toEqual([])
  })
})
