// @vitest-environment node
import { open, readFile, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Generator, getConfig } from '@tanstack/router-generator'
import { expect, test } from 'vitest'
import { routerConfig } from '../router.config'

type GeneratorFs = NonNullable<ConstructorParameters<typeof Generator>[0]['fs']>

const root = path.resolve(import.meta.dirname, '..')

// Reads the real tree but keeps every write in memory, so the check never touches the working copy.
function overlayFs(): { fs: GeneratorFs; written: Map<string, string> } {
  const written = new Map<string, string>()
  const fakeStat = { mtimeMs: -1n, mode: 0o100644, uid: 0, gid: 0 }
  const fs: GeneratorFs = {
    async stat(filePath) {
      if (written.has(filePath)) return fakeStat
      const s = await stat(filePath, { bigint: true })
      return { mtimeMs: s.mtimeMs, mode: Number(s.mode), uid: Number(s.uid), gid: Number(s.gid) }
    },
    async rename(from, to) {
      const content = written.get(from)
      if (content === undefined) throw new Error(`rename of unknown file ${from}`)
      written.delete(from)
      written.set(to, content)
    },
    async writeFile(filePath, content) {
      written.set(filePath, content)
    },
    async readFile(filePath) {
      const content = written.get(filePath)
      if (content !== undefined) return { stat: { mtimeMs: fakeStat.mtimeMs }, fileContent: content }
      try {
        const handle = await open(filePath, 'r')
        const stat = await handle.stat({ bigint: true })
        const fileContent = await handle.readFile('utf8')
        await handle.close()
        return { stat: { mtimeMs: stat.mtimeMs }, fileContent }
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return 'file-not-existing'
        throw error
      }
    },
    async chmod() {},
    async chown() {},
  }
  return { fs, written }
}

test('routes.gen.ts matches src/routes', async () => {
  const config = getConfig(
    { ...routerConfig, disableLogging: true, tmpDir: path.join(os.tmpdir(), 'routes-tree-check') },
    root,
  )
  const { fs, written } = overlayFs()
  await new Generator({ config, root, fs }).run()

  const committed = await readFile(config.generatedRouteTree, 'utf8').catch(() => '')
  const generated = written.get(config.generatedRouteTree) ?? committed
  const staleRouteFiles = [...written.keys()]
    .filter((file) => file !== config.generatedRouteTree && !file.startsWith(config.tmpDir))
    .map((file) => path.relative(root, file))

  if (generated !== committed) {
    const generatedLines = generated.split('\n')
    const committedLines = committed.split('\n')
    const line = generatedLines.findIndex((text, index) => text !== committedLines[index])
    expect.fail(
      `routes.gen.ts is stale: run npm run routes (first difference at line ${line + 1}: ${JSON.stringify(generatedLines[line])})`,
    )
  }
  if (staleRouteFiles.length > 0) {
    expect.fail(
      `route files need their generated path updated: run npm run routes (${staleRouteFiles.join(', ')})`,
    )
  }
})
