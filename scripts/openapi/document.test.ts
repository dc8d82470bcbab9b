// @vitest-environment node
import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { buildOpenApiDocument, OPENAPI_FILE, type OpenApiDocument, openApiText } from './document'

let document: OpenApiDocument

beforeAll(async () => {
  document = await buildOpenApiDocument()
})

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn)
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  )
}

/** The value a local JSON pointer (`#/components/schemas/Cart`) names in the document, if any. */
function resolve(pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined
  let at: unknown = document
  for (const raw of pointer.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~')
    if (typeof at !== 'object' || at === null || !(key in at)) return undefined
    at = (at as Record<string, unknown>)[key]
  }
  return at
}

describe('contract/openapi.json', () => {
  it('is what npm run openapi writes from contract/ now', async () => {
    const committed = await readFile(OPENAPI_FILE, 'utf8').catch(() => '')
    const generated = await openApiText()
    if (committed !== generated) {
      const lines = committed.split('\n')
      const line = generated.split('\n').findIndex((text, index) => text !== lines[index])
      expect.fail(
        `contract/openapi.json is stale: run npm run openapi (first difference at line ${line + 1})`,
      )
    }
  })

  it('is OpenAPI 3.1 with exactly the calls of contract/endpoints.ts', () => {
    expect(document.openapi).toBe('3.1.0')
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`,
      ),
    )
    expect(operations.sort()).toEqual(
      ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path} ${endpoint.operationId}`).sort(),
    )
  })

  it('declares every path parameter of every operation, and a success answer', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
      for (const operation of Object.values(methods)) {
        const declared = operation.parameters.flatMap((parameter) =>
          'in' in parameter && parameter.in === 'path' ? [parameter.name] : [],
        )
        expect(declared, operation.operationId).toEqual(inPath)
        expect(Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status))).toBe(true)
      }
    }
  })

  it('resolves every $ref, and keeps no schema nothing refers to', () => {
    const refs = refsIn(document)
    expect(refs.filter((ref) => resolve(ref) === undefined)).toEqual([])
    const used = new Set(refs)
    const unused = Object.keys(document.components.schemas).filter(
      (name) => !used.has(`#/components/schemas/${name}`),
    )
    expect(unused).toEqual([])
  })

  it('says in words what JSON Schema cannot (custom checks), and describes dates as the strings they travel as', () => {
    const { schemas } = document.components
    expect(schemas.WeekHours?.description).toContain('Hours must list each day once, Monday to Sunday.')
    expect(schemas.BusinessProfileUpdate?.properties?.timeZone).toMatchObject({
      type: 'string',
      description: 'Also checked in code by isTimeZone.',
    })
    expect(schemas.IsoDate).toMatchObject({ type: 'string', pattern: expect.stringMatching(/^\^\\d\{4\}/) })
  })
})
