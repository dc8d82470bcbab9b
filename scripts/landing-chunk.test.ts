// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { type GraphLike, landingChunk, type ModuleLike } from './landing-chunk'

const files = {
  entry: '/app/src/main.tsx',
  shell: '/app/src/routes/_authed.tsx',
  page: '/app/src/routes/_authed/transactions.tsx',
}
const other = '/app/src/routes/_authed/carts.tsx'
const split = (file: string) => `${file}?tsr-split=component`
const ui = '/app/node_modules/@ui/core'
const component = (name: string) => `${ui}/components/${name}.mjs`
const tiny = '/app/node_modules/tiny'

// A component library whose index re-exports 24 components, each from a module of its own.
const componentNames = [
  'Badge',
  'Button',
  'Modal',
  'Table',
  ...Array.from({ length: 20 }, (_, i) => `Extra${i}`),
]
const uiIndex = componentNames.map((name) => `export { ${name} } from './components/${name}.mjs';`).join('\n')
// A package with three modules: too small to be treated as an index, so it is walked whole.
const tinyIndex = ['a', 'b', 'c'].map((name) => `export { ${name} } from './${name}.mjs';`).join('\n')

function graph(overrides: Record<string, Partial<ModuleLike>> = {}): GraphLike {
  const modules: Record<string, Partial<ModuleLike>> = {
    [files.entry]: { importedIds: ['/app/routes.gen.ts'] },
    '/app/routes.gen.ts': { importedIds: [files.shell, files.page, other] },
    [files.shell]: { dynamicallyImportedIds: [split(files.shell)] },
    [split(files.shell)]: {
      code: "import { Button } from '@ui/core'\nimport { a } from 'tiny'",
      importedIds: ['/app/src/shell.tsx', `${ui}/index.mjs`, `${tiny}/index.mjs`],
    },
    [files.page]: { dynamicallyImportedIds: [split(files.page)] },
    [split(files.page)]: {
      code: "import { Table, Badge } from '@ui/core'",
      importedIds: ['/app/src/format.ts', '/app/src/page-only.ts', `${ui}/index.mjs`],
    },
    [other]: { dynamicallyImportedIds: [split(other), '/app/src/dialog.tsx'] },
    [split(other)]: {
      code: "import { Table, Modal } from '@ui/core'",
      importedIds: ['/app/src/format.ts', '/app/src/other-only.ts', `${ui}/index.mjs`],
    },
    '/app/src/dialog.tsx': { importedIds: ['/app/src/dialog-only.ts'] },
    [`${ui}/index.mjs`]: { code: uiIndex, importedIds: componentNames.map(component) },
    [`${tiny}/index.mjs`]: {
      code: tinyIndex,
      importedIds: ['a', 'b', 'c'].map((name) => `${tiny}/${name}.mjs`),
    },
    ...overrides,
  }
  return {
    getModuleInfo: (id) => {
      const module = modules[id]
      return module ? { id, code: null, importedIds: [], dynamicallyImportedIds: [], ...module } : null
    },
  }
}

function landingOf(chunk: ReturnType<typeof landingChunk>, modules: GraphLike, ids: string[]) {
  return ids.filter((id) => chunk.isLandingModule(id, modules))
}

const candidates = [
  split(files.shell),
  '/app/src/shell.tsx',
  '/app/src/format.ts',
  '/app/src/page-only.ts',
  '/app/src/other-only.ts',
  '/app/src/dialog-only.ts',
  `${ui}/index.mjs`,
  ...componentNames.map(component),
  `${tiny}/a.mjs`,
  `${tiny}/b.mjs`,
  `${tiny}/c.mjs`,
]

describe('landing chunk', () => {
  it('holds the shell and what the landing page shares with code loaded on demand, and nothing else', () => {
    expect(landingOf(landingChunk(files), graph(), candidates)).toEqual([
      split(files.shell),
      '/app/src/shell.tsx',
      '/app/src/format.ts',
      component('Button'),
      component('Table'),
      `${tiny}/a.mjs`,
      `${tiny}/b.mjs`,
      `${tiny}/c.mjs`,
    ])
  })

  it('takes from a package index only the components imported by name, never the index or the rest', () => {
    const landing = landingOf(landingChunk(files), graph(), candidates)
    expect(landing).not.toContain(`${ui}/index.mjs`)
    expect(landing).not.toContain(component('Badge')) // the landing page's alone: stays in its chunk
    expect(landing).not.toContain(component('Modal')) // other pages' alone
    expect(landing).not.toContain(component('Extra0')) // nobody's
  })

  it("holds what the shell route's guard loads, and no more of it", () => {
    const guarded = graph({
      [files.shell]: { dynamicallyImportedIds: [split(files.shell), '/app/src/guard.ts'] },
      '/app/src/guard.ts': { importedIds: ['/app/src/guard-step.ts'] },
    })
    const ids = ['/app/src/guard.ts', '/app/src/guard-step.ts', '/app/src/dialog-only.ts']
    expect(landingOf(landingChunk(files), guarded, ids)).toEqual([
      '/app/src/guard.ts',
      '/app/src/guard-step.ts',
    ])
  })

  it('walks the module graph again for each build', () => {
    const chunk = landingChunk(files)
    expect(chunk.isLandingModule('/app/src/format.ts', graph())).toBe(true)
    // The next build: the other page no longer uses the formatter, so the landing page keeps it.
    const next = graph({
      [split(other)]: { code: "import { Modal } from '@ui/core'", importedIds: [`${ui}/index.mjs`] },
    })
    expect(chunk.isLandingModule('/app/src/format.ts', next)).toBe(true) // same build: the walk is kept
    chunk.plugin.buildStart()
    expect(chunk.isLandingModule('/app/src/format.ts', next)).toBe(false)
  })
})
