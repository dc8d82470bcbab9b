// @vitest-environment node
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCALES, SOURCE_LOCALE } from '../../src/i18n/locales'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')

interface Entry {
  id: string
  translation: string
}

/**
 * Reads the entries of a .po file (single-line and continued strings); a message with a context
 * is its own entry, keyed `context|message`.
 */
function parsePo(text: string): Entry[] {
  const entries: Entry[] = []
  let id: string | null = null
  let context = ''
  let field: 'ctxt' | 'id' | 'str' | null = null
  let current = ''
  const flush = () => {
    if (field === 'str' && id !== null) entries.push({ id, translation: current })
    if (field === 'str') context = ''
  }
  const unquote = (value: string) => JSON.parse(value) as string
  for (const line of text.split('\n')) {
    if (line.startsWith('msgctxt ')) {
      flush()
      field = 'ctxt'
      current = unquote(line.slice(8))
    } else if (line.startsWith('msgid ')) {
      if (field === 'ctxt') context = `${current}|`
      else flush()
      field = 'id'
      current = context + unquote(line.slice(6))
      id = null
    } else if (line.startsWith('msgstr ')) {
      id = current
      field = 'str'
      current = unquote(line.slice(7))
    } else if (line.startsWith('"') && field) {
      current += unquote(line)
    }
  }
  flush()
  return entries.filter((entry) => entry.id !== '')
}

async function catalog(dir: string, locale: string): Promise<Entry[]> {
  return parsePo(await readFile(path.join(dir, locale, 'messages.po'), 'utf8'))
}

const committed = path.join(root, 'src/locales')
let extracted: string

beforeAll(async () => {
  // Extract into a scratch folder with the project's own settings, then compare with what is committed.
  extracted = await mkdtemp(path.join(tmpdir(), 'lingui-'))
  const config = path.join(extracted, 'lingui.config.json')
  await writeFile(
    config,
    JSON.stringify({
      rootDir: root,
      sourceLocale: SOURCE_LOCALE,
      locales: [SOURCE_LOCALE],
      format: 'po',
      orderBy: 'messageId',
      catalogs: [
        { path: path.join(extracted, '{locale}/messages'), include: ['src'], exclude: ['**/*.test.*'] },
      ],
    }),
  )
  await run(path.join(root, 'node_modules/.bin/lingui'), ['extract', '--config', config], { cwd: root })
}, 60_000)

afterAll(async () => {
  await rm(extracted, { recursive: true, force: true })
})

describe('translation catalogs', () => {
  it('the source catalog holds exactly the messages of the code (run npm run i18n:extract)', async () => {
    const fromCode = (await catalog(extracted, SOURCE_LOCALE)).map((entry) => entry.id).sort()
    const inCatalog = (await catalog(committed, SOURCE_LOCALE)).map((entry) => entry.id).sort()
    expect(inCatalog).toEqual(fromCode)
  })

  it.each(LOCALES.filter((locale) => locale !== SOURCE_LOCALE))(
    '%s translates every message',
    async (locale) => {
      const source = (await catalog(committed, SOURCE_LOCALE)).map((entry) => entry.id)
      const translated = new Map(
        (await catalog(committed, locale)).map((entry) => [entry.id, entry.translation]),
      )
      const missing = source.filter((id) => !translated.get(id))
      expect(missing, `untranslated in ${locale}`).toEqual([])
    },
  )

  it.each(LOCALES.filter((locale) => locale !== SOURCE_LOCALE))(
    '%s keeps every placeholder',
    async (locale) => {
      const placeholders = (text: string) =>
        [...text.matchAll(/\{(\w+)\s*(?=[,}])/g)].map((match) => match[1]).sort()
      for (const { id, translation } of await catalog(committed, locale)) {
        const message = id.slice(id.indexOf('|') + 1)
        if (translation) expect(placeholders(translation), `${locale}: ${id}`).toEqual(placeholders(message))
      }
    },
  )
})
