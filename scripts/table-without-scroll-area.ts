import type { Plugin } from 'vite'

/**
 * Mantine's Table carries its scroll container as a static member, `Table.ScrollContainer`, and that
 * container imports ScrollArea, which imports the floating-UI library: every page with a table then
 * paints only after about 58 KB of minified script (17 KB gzip: /transactions 221.5 → 204 KB) that none
 * of them runs, as the portal scrolls its tables in the browser's own scrolling
 * (src/ui/list/table-scroll-container.tsx). This plugin drops the member from the Table module; the
 * portal never uses it (scripts/table-without-scroll-area.test.ts reads src/ for it).
 */
const TABLE = /@mantine\/core\/esm\/components\/Table\/Table\.mjs$/
const IMPORT = 'import { TableScrollContainer } from "./TableScrollContainer.mjs";'
const MEMBER = 'Table.ScrollContainer = TableScrollContainer;'

export function rewriteTable(code: string): string | null {
  if (!code.includes(IMPORT) || !code.includes(MEMBER)) return null
  const rest = code.replace(IMPORT, '').replace(MEMBER, '')
  return rest.includes('TableScrollContainer') ? null : rest
}

export function tableWithoutScrollArea(): Plugin {
  return {
    name: 'table-without-scroll-area',
    apply: 'build',
    transform(code, id) {
      if (!TABLE.test(id)) return null
      const rewritten = rewriteTable(code)
      if (rewritten === null)
        this.error(`${id} no longer attaches its scroll container as this plugin expects`)
      return { code: rewritten, map: null }
    },
  }
}
