import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  type ConversionConfig,
  type JsonSchema,
  type OverrideActionContext,
  toJsonSchemaDefs,
} from '@valibot/to-json-schema'
import * as v from 'valibot'
import { type Answer, API_VERSION, type Caller, ENDPOINTS, type Endpoint } from '../../contract/endpoints'
import { ErrorBodySchema } from '../../contract/error'

const root = path.resolve(import.meta.dirname, '../..')
const CONTRACT_DIR = path.join(root, 'contract')
/** Where `npm run openapi` writes the document; a test fails when it is not what this module builds now. */
export const OPENAPI_FILE = path.join(CONTRACT_DIR, 'openapi.json')

const METHODS = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const
type Method = (typeof METHODS)[keyof typeof METHODS]

interface Reference {
  $ref: string
}

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  description?: string
  schema: JsonSchema
}

interface MediaTypes {
  'application/json'?: { schema: JsonSchema }
  'multipart/form-data'?: { schema: JsonSchema; encoding: Record<string, { contentType: string }> }
}

interface ResponseObject {
  description: string
  content?: MediaTypes
}

interface Operation {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  security: Record<string, string[]>[]
  parameters: (Parameter | Reference)[]
  requestBody?: { required: boolean; content: MediaTypes }
  responses: Record<string, ResponseObject | Reference>
}

export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  tags: { name: string }[]
  paths: Record<string, Partial<Record<Method, Operation>>>
  components: {
    schemas: Record<string, JsonSchema>
    parameters: Record<string, Parameter>
    responses: Record<string, ResponseObject>
    securitySchemes: Record<
      string,
      { type: 'http'; scheme: 'bearer'; bearerFormat?: string; description: string }
    >
  }
}

const schemaRef = (name: string) => `#/components/schemas/${name}`
const parameterRef = (name: string): Reference => ({ $ref: `#/components/parameters/${name}` })

function isSchema(value: unknown): value is v.GenericSchema {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'schema'
}

const pascalCase = (text: string) =>
  text.replace(/(?:^|[-_\s])(\w)/g, (_match, letter: string) => letter.toUpperCase())

/**
 * Every schema exported by a module of contract/, by the name it gets under components/schemas: its
 * export name without `Schema` (`CartResponseSchema` → `CartResponse`), prefixed with its module's name
 * where two modules export different schemas of one name (`CartsAddress`, `SettingsAddress`). The
 * modules are found on disk, so a new one needs no line here. A schema exported twice keeps its first name.
 */
async function contractSchemas(): Promise<Map<v.GenericSchema, string>> {
  const files = (await readdir(CONTRACT_DIR)).filter((file) => /^[\w-]+\.ts$/.test(file)).sort()
  const exported: { module: string; name: string; schema: v.GenericSchema }[] = []
  for (const file of files) {
    const module: Record<string, unknown> = await import(pathToFileURL(path.join(CONTRACT_DIR, file)).href)
    for (const [exportName, value] of Object.entries(module)) {
      if (!isSchema(value) || exported.some((known) => known.schema === value)) continue
      exported.push({
        module: file.replace(/\.ts$/, ''),
        name: pascalCase(exportName.replace(/Schema$/, '')),
        schema: value,
      })
    }
  }
  const names = new Map<v.GenericSchema, string>()
  for (const { module, name, schema } of exported) {
    const shared = exported.filter((other) => other.name === name).length > 1
    names.set(schema, shared ? `${pascalCase(module)}${name}` : name)
  }
  return names
}

function checkNote(action: OverrideActionContext['valibotAction']): string {
  if ('message' in action && typeof action.message === 'string') {
    return `Also checked in code; when broken: "${action.message}"`
  }
  if ('requirement' in action && typeof action.requirement === 'function' && action.requirement.name) {
    return `Also checked in code by ${action.requirement.name}.`
  }
  return 'Also checked in code by a further rule.'
}

function withNote(schema: JsonSchema, note: string): JsonSchema {
  return { ...schema, description: schema.description ? `${schema.description} ${note}` : note }
}

/**
 * What JSON Schema cannot say is said in words, never dropped silently and never a crash: a custom check
 * becomes a sentence of the description, a case-insensitive pattern stays a pattern with a note, and
 * trimming or lower-casing (the platform normalising what it receives) describes the same input. The
 * wire is the schemas' input side (`typeMode: 'input'`): conversion stops where a transform begins, so
 * an ISO date is described as the string it travels as.
 */
const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  typeMode: 'input',
  overrideRef: ({ referenceId }) => schemaRef(referenceId),
  overrideSchema: ({ valibotSchema }) =>
    // "No body" is said by a response without content; a schema for it is never referenced.
    valibotSchema.type === 'undefined' ? { not: {} } : undefined,
  overrideAction: ({ valibotAction, jsonSchema }) => {
    switch (valibotAction.type) {
      case 'check':
        return withNote(jsonSchema, checkNote(valibotAction))
      case 'trim':
      case 'to_lower_case':
        return jsonSchema
      case 'regex': {
        const pattern = 'requirement' in valibotAction ? valibotAction.requirement : undefined
        if (!(pattern instanceof RegExp) || pattern.flags === '') return undefined
        const note =
          pattern.flags === 'i' ? 'The pattern ignores case.' : `The pattern's flags: ${pattern.flags}.`
        return withNote({ ...jsonSchema, pattern: pattern.source }, note)
      }
      default:
        return undefined
    }
  },
}

const INLINE = ' inline'

/**
 * Converts the named contract schemas and the table's own (query and path parameters) in one pass, so
 * that every named schema is one component and everything refers to it.
 */
function convert(named: Map<v.GenericSchema, string>, inline: Map<string, v.GenericSchema>) {
  const definitions: Record<string, v.GenericSchema> = Object.fromEntries(
    [...named].map(([schema, name]) => [name, schema]),
  )
  definitions[INLINE] = v.object(Object.fromEntries(inline))
  const { [INLINE]: converted, ...components } = toJsonSchemaDefs(definitions, CONVERSION)
  const properties = converted?.properties ?? {}
  const inlineSchema = (key: string): JsonSchema => {
    const schema = properties[key]
    if (schema === undefined || typeof schema === 'boolean') throw new Error(`${key} was not converted`)
    return schema
  }
  return { components, inlineSchema }
}

function referencedComponents(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedComponents(item, found)
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(schemaRef(''))) {
        found.add(inner.slice(schemaRef('').length))
      } else referencedComponents(inner, found)
    }
  }
  return found
}

/** Only the components the paths use, directly or through other components. */
function reachable(
  paths: OpenApiDocument['paths'],
  components: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  const kept = referencedComponents(paths)
  const pending = [...kept]
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const inner of referencedComponents(components[name])) {
      if (!kept.has(inner)) {
        kept.add(inner)
        pending.push(inner)
      }
    }
  }
  return Object.fromEntries(
    Object.entries(components)
      .filter(([name]) => kept.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  )
}

const SECURITY: Record<Caller, Record<string, string[]>[]> = {
  portal: [{ portalToken: [] }],
  provider: [{ providerToken: [] }],
  public: [],
}

const HEADERS: Record<string, Parameter> = {
  RequestId: {
    name: 'X-Request-ID',
    in: 'header',
    required: true,
    description: 'A fresh UUID per request; the answer carries it back.',
    schema: { type: 'string', format: 'uuid' },
  },
  ApiVersion: {
    name: 'X-API-Version',
    in: 'header',
    required: true,
    schema: { type: 'string', const: API_VERSION },
  },
  Xsrf: {
    name: 'X-XSRF-TOKEN',
    in: 'header',
    required: false,
    description:
      'Echoes the `XSRF-TOKEN` cookie whenever it is set; a write whose header differs from it is refused (403 `xsrf_mismatch`).',
    schema: { type: 'string' },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'A write sent again with the same key, method, path and body acts once: its first answer is replayed (`Idempotent-Replayed`); the same key with another request is refused (409 `idempotency_key_reused`).',
    schema: { type: 'string', pattern: '^[\\w.:-]{1,255}$' },
  },
  IdempotencyKeyRequired: {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description:
      'Required: without one the call is refused (400). Sent again with the same key, the call acts once (see the optional Idempotency-Key).',
    schema: { type: 'string', pattern: '^[\\w.:-]{1,255}$' },
  },
  FlagClientId: {
    name: 'X-Flag-Client-ID',
    in: 'header',
    required: false,
    description: "The page load's random id, made once per page load.",
    schema: { type: 'string', format: 'uuid' },
  },
}

function headerParameters(endpoint: Endpoint): Reference[] {
  const headers = ['RequestId', 'ApiVersion']
  if (endpoint.method !== 'GET') headers.push('Xsrf')
  if (endpoint.idempotencyKey === 'required') headers.push('IdempotencyKeyRequired')
  else if (endpoint.method !== 'GET') headers.push('IdempotencyKey')
  if (endpoint.flagClientId) headers.push('FlagClientId')
  return headers.map(parameterRef)
}

function pathParameterNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '')
}

const json = (schema: JsonSchema): MediaTypes => ({ 'application/json': { schema } })

/** An upload's body: one file in one part of a multipart/form-data body. */
function multipart(upload: NonNullable<Endpoint['upload']>): MediaTypes {
  const file: JsonSchema = {
    type: 'string',
    contentMediaType: 'application/octet-stream',
    description: `${upload.description} At most ${upload.maxBytes} bytes.`,
  }
  return {
    'multipart/form-data': {
      schema: { type: 'object', required: [upload.field], properties: { [upload.field]: file } },
      encoding: { [upload.field]: { contentType: upload.contentTypes.join(', ') } },
    },
  }
}

/** The OpenAPI 3.1 document of every call in contract/endpoints.ts. */
export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  const named = await contractSchemas()
  const inline = new Map<string, v.GenericSchema>()
  const keyOf = (endpoint: Endpoint, where: string, name: string) =>
    `${endpoint.operationId} ${where} ${name}`
  const table: readonly Endpoint[] = ENDPOINTS
  for (const endpoint of table) {
    for (const [name, schema] of Object.entries(endpoint.pathParams ?? {})) {
      inline.set(keyOf(endpoint, 'path', name), schema)
    }
    for (const [name, schema] of Object.entries(endpoint.query?.entries ?? {})) {
      inline.set(keyOf(endpoint, 'query', name), schema)
    }
    const bodies: [string, v.GenericSchema | undefined][] = [
      ['body', endpoint.body],
      ...endpoint.answers.map((answer): [string, v.GenericSchema | undefined] => [
        `${answer.status}`,
        answer.schema,
      ]),
    ]
    for (const [where, schema] of bodies) {
      if (schema !== undefined && !named.has(schema)) inline.set(keyOf(endpoint, 'body', where), schema)
    }
  }
  const { components, inlineSchema } = convert(named, inline)
  const bodySchema = (endpoint: Endpoint, where: string, schema: v.GenericSchema): JsonSchema => {
    const name = named.get(schema)
    return name ? { $ref: schemaRef(name) } : inlineSchema(keyOf(endpoint, 'body', where))
  }
  const errorBody = named.get(ErrorBodySchema)
  if (!errorBody) throw new Error('contract/error.ts no longer exports ErrorBodySchema')
  const errorContent = json({ $ref: schemaRef(errorBody) })
  const response = (endpoint: Endpoint, answer: Answer): ResponseObject =>
    answer.schema
      ? {
          description: answer.description,
          content: json(bodySchema(endpoint, `${answer.status}`, answer.schema)),
        }
      : { description: answer.description }

  const paths: OpenApiDocument['paths'] = {}
  for (const endpoint of table) {
    const declared = Object.keys(endpoint.pathParams ?? {})
    const inPath = pathParameterNames(endpoint.path)
    if (declared.sort().join() !== [...inPath].sort().join()) {
      throw new Error(`${endpoint.operationId}: pathParams ${declared} differ from ${endpoint.path}`)
    }
    const parameters: (Parameter | Reference)[] = [
      ...headerParameters(endpoint),
      ...inPath.map(
        (name): Parameter => ({
          name,
          in: 'path',
          required: true,
          schema: inlineSchema(keyOf(endpoint, 'path', name)),
        }),
      ),
      ...Object.entries(endpoint.query?.entries ?? {}).map(
        ([name, schema]): Parameter => ({
          name,
          in: 'query',
          required: schema.type !== 'optional',
          schema: inlineSchema(keyOf(endpoint, 'query', name)),
        }),
      ),
    ]
    const responses: Operation['responses'] = {}
    for (const answer of endpoint.answers) responses[answer.status] = response(endpoint, answer)
    for (const [status, description] of Object.entries(endpoint.failures ?? {})) {
      responses[status] = { description, content: errorContent }
    }
    responses.default = { $ref: '#/components/responses/Error' }

    const operation: Operation = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(endpoint.idempotencyKey === 'sent' && {
        description: 'The portal sends an Idempotency-Key, so that a retry after a lost answer acts once.',
      }),
      tags: [endpoint.tag],
      security: SECURITY[endpoint.caller],
      parameters,
      ...(endpoint.body && {
        requestBody: { required: true, content: json(bodySchema(endpoint, 'body', endpoint.body)) },
      }),
      ...(endpoint.upload && { requestBody: { required: true, content: multipart(endpoint.upload) } }),
      responses,
    }
    paths[endpoint.path] = { ...paths[endpoint.path], [METHODS[endpoint.method]]: operation }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Merchant portal: the platform calls',
      version: API_VERSION,
      description: [
        'Every call the merchant portal makes to the platform, generated from contract/endpoints.ts and the',
        'wire schemas of contract/ by `npm run openapi`: edit those, not this file. Every request carries',
        '`X-Request-ID`, `X-API-Version` and `Accept: application/json`, and JSON bodies (an upload: one file as',
        'multipart/form-data); answers are JSON,',
        'dates ISO strings. The portal reads answers liberally (unknown fields ignored, unknown enumeration',
        'values kept as text, one unreadable list item left out): `npm run platform:check` tells which',
        'answers of a live platform its readers would refuse or leave out.',
      ].join(' '),
    },
    tags: [...new Set(table.map((endpoint) => endpoint.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: reachable(paths, { ...components }),
      parameters: HEADERS,
      responses: {
        Error: { description: 'Refused or failed: `error.code` says why.', content: errorContent },
      },
      securitySchemes: {
        portalToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The portal token of exchangeToken (its claims: contract/auth.ts).',
        },
        providerToken: {
          type: 'http',
          scheme: 'bearer',
          description: "The identity provider's access token, for the token exchange only.",
        },
      },
    },
  }
}

/** The document as the committed file holds it. */
export async function openApiText(): Promise<string> {
  return `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`
}
