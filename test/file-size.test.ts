// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// A file holds one thing (issue 25): no product file of src/ or sandbox/ runs over 300 lines unless its
// first comment says why, naming its length ("… 349 lines: …").

const root = join(import.meta.dirname, '..')
const LIMIT = 300

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : productFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The file's first comment: its leading `//` lines or `/** … *\/` block, after the imports. */
function firstComment(text: string): string {
  const match = /(?:^|\n)((?:\/\/[^\n]*\n)+|\/\*[\s\S]*?\*\/)/.exec(text)
  return match?.[1] ?? ''
}

describe('file sizes', () => {
  it(`keeps every product file of src/ and sandbox/ within ${LIMIT} lines, or says why in its first comment`, () => {
    const over = ['src', 'sandbox']
      .flatMap((dir) => productFiles(join(root, dir)))
      .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
      .filter(({ text }) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0) > LIMIT)
      .filter(({ text }) => !/\b\d{3,} lines\b/.test(firstComment(text)))
      .map(({ path, text }) => `${relative(root, path)} (${text.split('\n').length} lines)`)
    expect(over).toEqual([])
  })
})
