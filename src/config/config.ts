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

const LOG_RATE_MESSAGE = 'logEntriesPerMinute must be a whole number from 1 to 600'

/**
 * What each key the portal cannot start without is, said when it is missing. None has a default: a
 * default would be the local sandbox's (its identity provider, its client), and a deployment that
 * forgot one would sign in against it; without `env` it would count as pre-production and allow
 * fake authentication. The dev and preview servers serve the sandbox's values (scripts/dev-config.ts).
 */
const REQUIRED: Readonly<Record<string, string>> = {
  env: "the environment's name: local, dev, qa, sandbox, staging (the pre-production group) or production",
  issuer: "the identity provider's http or https URL",
  clientId: "the portal's client id at the identity provider",
  appID: "the portal's application id at the platform",
}

const entries = {
  // Any name: an environment this build does not know belongs to neither group (see environments.ts).
  env: nonEmptyString('env'),
  // The portal's own origin when absent: production serves /api from it (deploy/nginx.conf).
  apiurl: v.optional(httpUrl('apiurl')),
  issuer: httpUrl('issuer'),
  clientId: nonEmptyString('clientId'),
  appID: nonEmptyString('appID'),
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
  /** At most this many log entries a minute per tab reach the platform (src/log/logger.ts). */
  logEntriesPerMinute: v.optional(
    v.pipe(
      v.number(LOG_RATE_MESSAGE),
      v.integer(LOG_RATE_MESSAGE),
      v.minValue(1, LOG_RATE_MESSAGE),
      v.maxValue(600, LOG_RATE_MESSAGE),
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

/** What stopped start-up: no file, no answer, not JSON, or values the portal cannot use. */
export type ConfigFailure = 'missing' | 'unreachable' | 'not-json' | 'invalid'

/** One problem with one key (or with the file as a whole, when `key` is null). */
export interface ConfigIssue {
  key: string | null
  /** The key is absent, as opposed to present with a value the portal cannot use. */
  missing: boolean
  /** In English, naming the key: for whoever edits the file, and for the log. */
  message: string
  /**
   * In English, what a page listing the issue under its key's verdict ("issuer is missing") adds to it:
   * for a missing key what the key is, for an invalid one the message; null when there is nothing more.
   */
  detail: string | null
}

export class ConfigError extends Error {
  readonly failure: ConfigFailure
  readonly issues: readonly ConfigIssue[]

  constructor(failure: ConfigFailure, message: string, issues: readonly ConfigIssue[] = []) {
    super(
      issues.length > 0 ? `${message}:\n${issues.map((issue) => `- ${issue.message}`).join('\n')}` : message,
    )
    this.name = 'ConfigError'
    this.failure = failure
    this.issues = issues
  }
}

function describeIssue(issue: v.BaseIssue<unknown>): ConfigIssue {
  const path = v.getDotPath(issue)
  // The top-level key: `imageOrigins`, not `imageOrigins.0`.
  const key = path?.split('.')[0] ?? null
  // valibot reports an absent key as the object's issue with nothing received at the key's path.
  if (key !== null && issue.type === 'loose_object' && issue.received === 'undefined') {
    const what = REQUIRED[key]
    const detail = what ?? null
    return {
      key,
      missing: true,
      message: detail ? `${key} is missing: ${detail}` : `${key} is missing`,
      detail,
    }
  }
  const message = path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message
  return { key, missing: false, message, detail: message }
}

export function parseConfig(raw: unknown, origin: string): Config {
  const result = v.safeParse(configSchema, raw)
  if (!result.success) {
    throw new ConfigError('invalid', 'Invalid configuration in config.json', result.issues.map(describeIssue))
  }
  // Production's nginx and the dev and preview servers all serve /api on the portal's own origin.
  const values = { ...result.output, apiurl: result.output.apiurl ?? origin }
  return Object.freeze(Object.assign(Object.create(configMethods) as Config, values))
}

function looksLikeMissingFile(response: Response): boolean {
  // Static hosts with an SPA fallback answer a missing file with index.html and status 200.
  return response.status === 404 || (response.headers.get('content-type') ?? '').includes('text/html')
}

/**
 * Reads and validates /config.json. Fails closed: a missing file, a failed answer, text that is not
 * JSON or a missing or invalid key rejects with a ConfigError saying which, and the portal does not
 * start (src/app/startup-error.ts shows why).
 */
export async function loadConfig(
  fetchImpl: typeof fetch = fetch,
  origin: string = window.location.origin,
): Promise<Config> {
  const url = `${import.meta.env.BASE_URL}config.json`
  let response: Response
  try {
    response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } })
  } catch (error) {
    throw new ConfigError(
      'unreachable',
      `Could not load ${url}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (looksLikeMissingFile(response)) throw new ConfigError('missing', `${url} is missing`)
  if (!response.ok) throw new ConfigError('unreachable', `Could not load ${url}: status ${response.status}`)
  let raw: unknown
  try {
    raw = JSON.parse(await response.text())
  } catch {
    throw new ConfigError('not-json', `${url} is not valid JSON`)
  }
  return parseConfig(raw, origin)
}

/**
 * Whether sign-in with a pasted admin token is on: config.json asks for it and the environment is
 * in the pre-production group. parseConfig already refuses it elsewhere; the sign-in page and the
 * session ask here too, so the admin page's code is fetched only where it is allowed.
 */
export function fakeAuthEnabled(config: Config): boolean {
  return config.isPreProduction() && config.get('fakeAuth')
}
