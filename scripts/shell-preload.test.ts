import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  type BuiltChunk,
  PAGE_SCRIPT_REL,
  PAGE_STYLE_REL,
  pageChunk,
  preloadTags,
  SHELL_SCRIPT_REL,
  SHELL_STYLE_REL,
  shellChunk,
} from './shell-preload.ts'

const bundle: Record<string, BuiltChunk> = {
  'assets/index-a.js': { type: 'chunk', name: 'index', fileName: 'assets/index-a.js' },
  'assets/landing-b.js': {
    type: 'chunk',
    name: 'landing',
    fileName: 'assets/landing-b.js',
    viteMetadata: { importedCss: new Set(['assets/landing-c.css']) },
  },
  'assets/landing-c.css': { type: 'asset', name: 'landing', fileName: 'assets/landing-c.css' },
  'assets/transaction-drawer-d.js': {
    type: 'chunk',
    name: 'transaction-drawer',
    fileName: 'assets/transaction-drawer-d.js',
    facadeModuleId: '/app/src/features/transactions/components/transaction-drawer.tsx',
  },
  'assets/transactions-e.js': {
    type: 'chunk',
    name: 'transactions',
    fileName: 'assets/transactions-e.js',
    facadeModuleId: '/app/src/routes/_authed/_merchant/transactions.tsx?tsr-split=component',
    viteMetadata: { importedCss: new Set(['assets/transactions-f.css']) },
  },
}

describe('the shell preload', () => {
  it("names the landing chunk's script and styles, each with the rel nginx writes", () => {
    expect(preloadTags(bundle, shellChunk('landing'), '/')).toEqual([
      {
        tag: 'link',
        attrs: { rel: SHELL_SCRIPT_REL, crossorigin: true, href: '/assets/landing-b.js' },
        injectTo: 'head',
      },
      {
        tag: 'link',
        attrs: { rel: SHELL_STYLE_REL, as: 'style', crossorigin: true, href: '/assets/landing-c.css' },
        injectTo: 'head',
      },
    ])
  })

  it('follows the base path', () => {
    expect(preloadTags(bundle, shellChunk('landing'), '/portal/')[0]?.attrs?.href).toBe(
      '/portal/assets/landing-b.js',
    )
  })

  it('fails the build when the chunk is gone, rather than dropping the preload', () => {
    expect(() => preloadTags(bundle, shellChunk('shell'), '/')).toThrow("no chunk named 'shell'")
    expect(() => preloadTags(bundle, pageChunk('/app/src/routes/_authed/_merchant/carts.tsx'), '/')).toThrow(
      'no chunk split from /app/src/routes/_authed/_merchant/carts.tsx',
    )
  })

  it("names the landing page's own split chunk and its styles, with the page's rels", () => {
    const tags = preloadTags(bundle, pageChunk('/app/src/routes/_authed/_merchant/transactions.tsx'), '/')
    expect(tags.map((tag) => tag.attrs)).toEqual([
      { rel: PAGE_SCRIPT_REL, crossorigin: true, href: '/assets/transactions-e.js' },
      { rel: PAGE_STYLE_REL, as: 'style', crossorigin: true, href: '/assets/transactions-f.css' },
    ])
  })
})

describe("nginx's answer with index.html", () => {
  it('writes every rel on every page, so that no placeholder reaches a browser', () => {
    const conf = readFileSync(path.resolve(import.meta.dirname, '../deploy/nginx.conf'), 'utf8')
    const pages = [...conf.matchAll(/^\s*location ([^{]+)\{([^}]*)\}/gm)].filter(([, , body]) =>
      body?.includes('index.html'),
    )
    expect(pages).toHaveLength(2)
    for (const [, match, body] of pages) {
      expect(body, match).toMatch(new RegExp(`sub_filter ${SHELL_SCRIPT_REL} \\S+;`))
      expect(body, match).toMatch(new RegExp(`sub_filter ${SHELL_STYLE_REL} \\S+;`))
      expect(body, match).toMatch(new RegExp(`sub_filter ${PAGE_SCRIPT_REL} \\S+;`))
      expect(body, match).toMatch(new RegExp(`sub_filter ${PAGE_STYLE_REL} \\S+;`))
    }
  })
})
