// Writes contract/openapi.json from contract/endpoints.ts and the wire schemas (a test fails while the
// committed file differs from what this writes).
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { OPENAPI_FILE, openApiText } from './openapi/document'

const text = await openApiText()
const before = await readFile(OPENAPI_FILE, 'utf8').catch(() => undefined)
if (text !== before) await writeFile(OPENAPI_FILE, text)
console.log(
  `${path.relative(process.cwd(), OPENAPI_FILE)} ${text === before ? 'already up to date' : 'written'}`,
)
