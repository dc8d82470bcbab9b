import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gzipSync } from 'node:zlib'
import { build } from 'vite'
import { describe, expect, it } from 'vitest'
import { brotli, precompress, precompressible } from './precompress.ts'

describe('precompressed assets', () => {
  it('are the hashed scripts, styles and images of a kilobyte or more, nothing else', () => {
    expect(precompressible('assets/index-abc.js', 2048)).toBe(true)
    expect(precompressible('assets/index-abc.css', 2048)).toBe(true)
    expect(precompressible('assets/logo-abc.svg', 2048)).toBe(true)
    expect(precompressible('assets/tiny-abc.js', 1023)).toBe(false)
    // Source maps are never served; the page and the manifest are not under /assets/.
    expect(precompressible('assets/index-abc.js.map', 2048)).toBe(false)
    expect(precompressible('index.html', 2048)).toBe(false)
    expect(precompressible('.vite/manifest.json', 2048)).toBe(false)
  })

  it('are smaller than gzip makes them and give back the same bytes', async () => {
    const script = Buffer.from(
      Array.from({ length: 400 }, (_, index) => `export const value${index} = ${index} * 2;\n`).join(''),
    )
    const compressed = await brotli(script)
    expect(compressed.byteLength).toBeLessThan(gzipSync(script, { level: 9 }).byteLength)
    expect(brotliDecompressSync(compressed).equals(script)).toBe(true)
  })

  it('are written beside each asset by the build', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'precompress-'))
    try {
      const entry = path.join(root, 'entry.js')
      const lines = Array.from({ length: 200 }, (_, index) => `console.log('line ${index} of the entry');`)
      await writeFile(entry, `${lines.join('\n')}\n`)
      await build({
        root,
        configFile: false,
        logLevel: 'silent',
        plugins: [precompress()],
        build: {
          outDir: 'dist',
          minify: false,
          rolldownOptions: { input: entry, output: { entryFileNames: 'assets/[name].js' } },
        },
      })
      const files = await readdir(path.join(root, 'dist/assets'))
      expect(files.sort()).toEqual(['entry.js', 'entry.js.br'])
      const script = await readFile(path.join(root, 'dist/assets/entry.js'))
      const copy = await readFile(path.join(root, 'dist/assets/entry.js.br'))
      expect(brotliDecompressSync(copy).equals(script)).toBe(true)
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})
