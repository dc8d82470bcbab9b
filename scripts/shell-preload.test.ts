import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type BuiltChunk, SHELL_SCRIPT_REL, SHELL_STYLE_REL, shellPreloadTags } from './shell-preload.ts'

const bundle: Record<string, BuiltChunk> = {
  'assets/index-a.js': { type: 'chunk', name: 'index', fileName: 'assets/index-a.js' },
  'assets/landing-b.js': {
    type: 'chunk',
    name: 'landing',
    fileName: 'assets/landing-b.js',
    viteMetadata: { importedCss: new Set(['assets/landing-c.css']) },
  },
  'assets/landing-c.css': { type: 'asset', name: 'landing', fileName: 'assets/landing-c.css' },
}

describe('the shell preload', () => {
  it("names the landing chunk's script and styles, each with the rel nginx writes", () => {
    expect(shellPreloadTags(bundle, 'landing', '/')).toEqual([
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
    expect(shellPreloadTags(bundle, 'landing', '/portal/')[0]?.attrs?.href).toBe(
      '/portal/assets/landing-b.js',
    )
  })

  it('fails the build when the chunk is gone, rather than dropping the preload', () => {
    expect(() => shellPreloadTags(bundle, 'shell', '/')).toThrow("no chunk named 'shell'")
  })
})

describe("nginx's answer with index.html", () => {
  it('writes both rels on every page, so that no placeholder reaches a browser', () => {
    const conf = readFileSync(path.resolve(import.meta.dirname, '../deploy/nginx.conf'), 'utf8')
    const pages = [...conf.matchAll(/^\s*location ([^{]+)\{([^}]*)\}/gm)].filter(([, , body]) =>
      body?.includes('index.html'),
    )
    expect(pages).toHaveLength(2)
    for (const [, match, body] of pages) {
      expect(body, match).toMatch(new RegExp(`sub_filter ${SHELL_SCRIPT_REL} \\S+;`))
      expect(body, match).toMatch(new RegExp(`sub_filter ${SHELL_STYLE_REL} \\S+;`))
    }
  })
})
