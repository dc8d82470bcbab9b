import * as v from 'valibot'
import { isPreProduction, isProduction, PRE_PRODUCTION_ENVIRONMENTS } from './environments'

const HTTP_URL_MESSAGE = (key: string) => `${key} must be an http or https URL`

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const { protocol } = new URL(value)
  return protocol === 'http:' || protocol === 'https:'
}

function httpUrl(key: string) {
  const message = HTTP_URL_MESSAGE(key)
  return v.pipe(
    v.string(message),
    v.check(isHttpUrl, message),
    // Callers join paths onto this base, so a trailing slash would double up.
    v.transform((url) => url.replace(/\/+$/, '')),
  )
}

const IMAGE_ORIGINS_MESSAGE = 'imageOrigins must be a list of https origins such as https://cdn.example.com'

/** `https://host[:port]` and nothing more: an origin as a Content-Security-Policy source names it. */
function isHttpsOrigin(value: string): boolean {
  return URL.canParse(value) && new URL(value).protocol === 'https:' && new URL(value).origin === value
}

const IDENTITY_TIMEOUT_MESSAGE =
  'identityTimeoutMs must be a whole number of milliseconds from 1000 to 120000'

function nonEmptyString(key: string) {
  const message = `${key} must be a non-empty string`
  return v.pipe(v.string(message), v.trim(), v.nonEmpty(message))
}

const entries = {
  // Any name: an environment this build does not know belongs to neither group (see environments.ts).
  env: v.optional(nonEmptyString('env'), 'local'),
  apiurl: v.optional(httpUrl('apiurl')),
  issuer: v.optional(httpUrl('issuer'), 'http://localhost:4011'),
  clientId: v.optional(nonEmptyString('clientId'), 'merchant-portal'),
  appID: v.optional(nonEmptyString('appID'), 'merchant-portal'),
  timeoutMs: v.optional(
    v.pipe(
      v.number('timeoutMs must be a positive whole number of milliseconds'),
      v.integer('timeoutMs must be a positive whole number of milliseconds'),
      v.minValue(1, 'timeoutMs must be a positive whole number of milliseconds'),
    ),
    30_000,
  ),
  /**
   * How long any one call to the identity provider (discovery, token, refresh, revocation) may take
   * before it counts as failed; waiting for another tab's renewal is bounded by it too.
   */
  identityTimeoutMs: v.optional(
    v.pipe(
      v.number(IDENTITY_TIMEOUT_MESSAGE),
      v.integer(IDENTITY_TIMEOUT_MESSAGE),
      v.minValue(1_000, IDENTITY_TIMEOUT_MESSAGE),
      v.maxValue(120_000, IDENTITY_TIMEOUT_MESSAGE),
    ),
    10_000,
  ),
  fakeAuth: v.optional(v.boolean('fakeAuth must be true or false'), false),
  /**
   * Where merchant logos may load from, besides the portal's own origin: the same origins as the
   * `img-src` of the deployment's Content-Security-Policy (deploy/security-headers.conf). A logo
   * elsewhere is not requested; the preview shows the merchant's name instead.
   */
  imageOrigins: v.optional(
    v.array(
      v.pipe(v.string(IMAGE_ORIGINS_MESSAGE), v.check(isHttpsOrigin, IMAGE_ORIGINS_MESSAGE)),
      IMAGE_ORIGINS_MESSAGE,
    ),
    [],
  ),
  /** Whether the identity provider issues refresh tokens only to clients asking for `offline_access`. */
  offlineAccess: v.optional(v.boolean('offlineAccess must be true or false'), false),
  idleTimeoutMinutes: v.optional(
    v.pipe(
      v.number('idleTimeoutMinutes must be a whole number of minutes from 2 to 1440'),
      v.integer('idleTimeoutMinutes must be a whole number of minutes from 2 to 1440'),
      v.minValue(2, 'idleTimeoutMinutes must be a whole number of minutes from 2 to 1440'),
      v.maxValue(1440, 'idleTimeoutMinutes must be a whole number of minutes from 2 to 1440'),
    ),
    30,
  ),
}

// Keys this portal does not know are kept and ignored (a newer deployment may add some); reading one
// through `get` throws 'Unknown config' (spec section 8).
const configSchema = v.pipe(
  // valibot's object schemas accept arrays, which can never be a valid config.
  v.custom<Record<string, unknown>>(
    (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
    'config must be a JSON object',
  ),
  v.looseObject(entries, 'config must be a JSON object'),
  // partialCheck still runs when unrelated keys are invalid, so every problem is reported at once.
  v.forward(
    v.partialCheck(
      [['env'], ['fakeAuth']],
      (config) => !config.fakeAuth || isPreProduction(config.env),
      `fakeAuth is allowed only in the pre-production environments (${PRE_PRODUCTION_ENVIRONMENTS.join(', ')})`,
    ),
    ['fakeAuth'],
  ),
)

type ParsedConfig = v.InferOutput<typeof configSchema>

/** The value of each configuration key the portal knows. */
export type ConfigValues = Readonly<{ [K in keyof typeof entries]: ParsedConfig[K] } & { apiurl: string }>

export type ConfigKey = keyof ConfigValues

/**
 * The portal's configuration. `get` is the one way code reads it; the two environment checks read
 * `env` through it.
 */
export interface Config {
  /** The value of a known key; throws 'Unknown config' for any other. */
  get<K extends ConfigKey>(key: K): ConfigValues[K]
  /** The pre-production group (local, dev, qa, sandbox, staging). */
  isPreProduction(): boolean
  /** The production group. */
  isProduction(): boolean
}

const CONFIG_KEYS: ReadonlySet<string> = new Set(Object.keys(entries))

const configMethods: Config = {
  get(this: ConfigValues, key) {
    if (!CONFIG_KEYS.has(key)) throw new Error('Unknown config')
    return this[key]
  },
  isPreProduction(this: Config) {
    return isPreProduction(this.get('env'))
  },
  isProduction(this: Config) {
    return isProduction(this.get('env'))
  },
}

export class ConfigError extends Error {
  readonly issues: readonly string[]

  constructor(message: string, issues: readonly string[] = []) {
    super(issues.length > 0 ? `${message}:\n${issues.map((issue) => `- ${issue}`).join('\n')}` : message)
    this.name = 'ConfigError'
    this.issues = issues
  }
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = v.getDotPath(issue)
  return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message
}

export function parseConfig(raw: unknown, origin: string): Config {
  const result = v.safeParse(configSchema, raw)
  if (!result.success) {
    throw new ConfigError('Invalid configuration in config.json', result.issues.map(describeIssue))
  }
  // The dev and preview servers proxy /api, so the portal's own origin is the right default.
  const values = { ...result.output, apiurl: result.output.apiurl ?? origin }
  return Object.freeze(Object.assign(Object.create(configMethods) as Config, values))
}

function looksLikeMissingFile(response: Response): boolean {
  // Static hosts with an SPA fallback answer a missing file with index.html and status 200.
  return response.status === 404 || (response.headers.get('content-type') ?? '').includes('text/html')
}

export async function loadConfig(
  fetchImpl: typeof fetch = fetch,
  origin: string = window.location.origin,
): Promise<Config> {
  const url = `${import.meta.env.BASE_URL}config.json`
  let response: Response
  try {
    response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } })
  } catch (error) {
    throw new ConfigError(`Could not load ${url}: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (looksLikeMissingFile(response)) return parseConfig({}, origin)
  if (!response.ok) throw new ConfigError(`Could not load ${url}: status ${response.status}`)
  let raw: unknown
  try {
    raw = JSON.parse(await response.text())
  } catch {
    throw new ConfigError(`${url} is not valid JSON`)
  }
  return parseConfig(raw, origin)
}
