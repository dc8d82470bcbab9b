import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const src = path.resolve(import.meta.dirname, '..')
const stylesDir = path.resolve(src, '../node_modules/@mantine/core/styles')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : []
  })
}

function listed(stylesheet: string): string[] {
  return [...readFileSync(path.join(src, 'app', stylesheet), 'utf8').matchAll(/styles\/(\w+)\.css/g)].map(
    (match) => match[1] ?? '',
  )
}

/** Components that render others with a stylesheet (their dropdowns, pills, scrolling lists). */
const RENDERS: Record<string, readonly string[]> = {
  Combobox: ['Popover', 'ScrollArea'],
  Select: ['Input', 'Combobox', 'Popover', 'ScrollArea'],
  MultiSelect: ['Input', 'Combobox', 'Popover', 'ScrollArea', 'Pill', 'PillsInput'],
  Autocomplete: ['Input', 'Combobox', 'Popover', 'ScrollArea'],
  TagsInput: ['Input', 'Combobox', 'Popover', 'ScrollArea', 'Pill', 'PillsInput'],
  HoverCard: ['Popover'],
  Menu: ['Popover'],
  LoadingOverlay: ['Overlay', 'Loader'],
  Modal: ['ModalBase', 'Overlay'],
  Drawer: ['ModalBase', 'Overlay'],
}

/**
 * The components a module imports from @mantine/core that have a stylesheet of their own, and those
 * the imported ones render.
 */
function styledComponents(text: string): string[] {
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map(
        (name) =>
          name
            .replace(/\btype\b/, '')
            .trim()
            .split(/\s+as\s+/)[0] ?? '',
      )
      .flatMap((component) => [component, ...(RENDERS[component] ?? [])])
      .filter((component) => component !== '' && existsSync(path.join(stylesDir, `${component}.css`))),
  )
}

const firstPaint = listed('mantine.css')
const later = listed('../ui/mantine-later.css')
const modules = sourceFiles(src).map((file) => ({ file, text: readFileSync(file, 'utf8') }))

describe('the Mantine stylesheets (src/app/mantine.css and src/ui/mantine-later.css)', () => {
  it('have the styles of every component imported from @mantine/core, each once', () => {
    const used = new Set(modules.flatMap(({ text }) => styledComponents(text)))
    expect(
      [...used].filter((component) => !firstPaint.includes(component) && !later.includes(component)),
    ).toEqual([])
    expect(firstPaint.filter((component) => later.includes(component))).toEqual([])
  })

  it('keep Mantine’s order within each file (where each component’s first rule is in styles.css)', () => {
    const whole = readFileSync(path.join(stylesDir, '../styles.css'), 'utf8')
    const position = (component: string) => {
      const first = readFileSync(path.join(stylesDir, `${component}.css`), 'utf8').match(/\.m_\w+/)?.[0]
      return first === undefined ? -1 : whole.indexOf(first)
    }
    for (const sheet of [firstPaint, later]) {
      const positions = sheet.filter((name) => /^[A-Z]/.test(name)).map(position)
      expect(positions.every((at) => at >= 0)).toBe(true)
      expect(positions).toEqual([...positions].sort((a, b) => a - b))
    }
  })

  it('arrive with every module that renders a component of the later sheet', () => {
    const missing = modules
      .filter(({ text }) => styledComponents(text).some((component) => later.includes(component)))
      .filter(({ text }) => !/import '[./]+(ui\/)?mantine-later\.css'/.test(text))
      .map(({ file }) => path.relative(src, file))
    expect(missing).toEqual([])
  })
})
