import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { rewriteTable } from './table-without-scroll-area.ts'

const table = path.resolve(
  import.meta.dirname,
  '../node_modules/@mantine/core/esm/components/Table/Table.mjs',
)
const src = path.resolve(import.meta.dirname, '../src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe("Mantine's Table without its scroll container", () => {
  it('no longer imports the container (nor, through it, ScrollArea)', () => {
    const rewritten = rewriteTable(readFileSync(table, 'utf8'))
    expect(rewritten).not.toBeNull()
    expect(rewritten).not.toContain('TableScrollContainer')
    expect(rewritten).toContain('Table.Thead = TableThead;')
  })

  it('refuses a module that still uses the container elsewhere', () => {
    const code =
      'import { TableScrollContainer } from "./TableScrollContainer.mjs";\nTable.ScrollContainer = TableScrollContainer;\nuse(TableScrollContainer)'
    expect(rewriteTable(code)).toBeNull()
  })

  it('is safe: no module of the portal uses Table.ScrollContainer', () => {
    const users = sourceFiles(src).filter((file) =>
      readFileSync(file, 'utf8').includes('Table.ScrollContainer'),
    )
    expect(users.map((file) => path.relative(src, file))).toEqual([])
  })
})
