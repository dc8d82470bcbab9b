// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, type ConfigKey, fakeAuthEnabled, loadConfig, parseConfig } from './config'
import { isPreProduction, isProduction } from './environments'

const ORIGIN = 'http://portal.test:5173'
/** The keys a config.json must have: none has a default (the sandbox's would be the only one). */
const REQUIRED = { env: 'qa', issuer: 'https://id.example.com', clientId: 'portal-qa', appID: 'portal' }

/** parseConfig of a file holding the required keys and `extra`. */
const parse = (extra: Record<string, unknown>) => parseConfig({ ...REQUIRED, ...extra }, ORIGIN)

describe('parseConfig', () => {
  it('fills every default, with apiurl falling back to the page origin', () => {
    expect(parseConfig(REQUIRED, ORIGIN)).toEqual({
      env: 'qa',
      apiurl: ORIGIN,
      issuer: 'https://id.example.com',
      clientId: 'portal-qa',
      appID: 'portal',
      timeoutMs: 30_000,
      identityTimeoutMs: 10_000,
      fakeAuth: false,
      imageOrigins: [],
      offlineAccess: false,
      idleTimeoutMinutes: 30,
      logEntriesPerMinute: 30,
    })
  })

  it('has no default for env, issuer, clientId or appID, and names each one missing', () => {
    let error: unknown
    try {
      parseConfig({ fakeAuth: true, timeoutMs: 1000 }, ORIGIN)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const issues = error instanceof ConfigError ? error.issues : []
    expect(issues.map(({ key, missing }) => ({ key, missing }))).toEqual(
      ['env', 'issuer', 'clientId', 'appID'].map((key) => ({ key, missing: true })),
    )
    expect(issues.map((issue) => issue.message)).toEqual([
      expect.stringMatching(/^env is missing: .*production/),
      "issuer is missing: the identity provider's http or https URL",
      "clientId is missing: the portal's client id at the identity provider",
      "appID is missing: the portal's application id at the platform",
    ])
    for (const key of ['env', 'issuer', 'clientId', 'appID'] as const) {
      const { [key]: _left, ...rest } = REQUIRED
      expect(() => parseConfig(rest, ORIGIN), key).toThrow(`${key} is missing`)
    }
  })

  it.each([0, 601, 2.5, '30'])(
    'refuses logEntriesPerMinute %s and takes a whole number from 1 to 600',
    (value) => {
      expect(() => parse({ logEntriesPerMinute: value })).toThrow(
        'logEntriesPerMinute must be a whole number from 1 to 600',
      )
      expect(parse({ logEntriesPerMinute: 120 }).get('logEntriesPerMinute')).toBe(120)
    },
  )

  it.each([0, 1, 1.5, 1441, '30', null])(
    'refuses idleTimeoutMinutes %s with a clear message',
    (idleTimeoutMinutes) => {
      expect(() => parse({ idleTimeoutMinutes })).toThrow(
        'idleTimeoutMinutes must be a whole number of minutes from 2 to 1440',
      )
    },
  )

  it.each([0, 999, 1500.5, 120_001, '10000', null])(
    'refuses identityTimeoutMs %s with a clear message',
    (identityTimeoutMs) => {
      expect(() => parse({ identityTimeoutMs })).toThrow(
        'identityTimeoutMs must be a whole number of milliseconds from 1000 to 120000',
      )
    },
  )

  it('takes the identity time-out from config.json', () => {
    expect(parse({ identityTimeoutMs: 4_000 }).get('identityTimeoutMs')).toBe(4_000)
  })

  it('takes an idle time-out and offline_access from config.json', () => {
    expect(parse({ idleTimeoutMinutes: 15, offlineAccess: true })).toMatchObject({
      idleTimeoutMinutes: 15,
      offlineAccess: true,
    })
  })

  it('takes the image origins logos may load from, and refuses anything but https origins', () => {
    const origins = ['https://cdn.example.com', 'https://images.example.net:8443']
    expect(parse({ imageOrigins: origins }).get('imageOrigins')).toEqual(origins)
    for (const imageOrigins of [
      ['http://cdn.example.com'],
      ['https://cdn.example.com/logos'],
      ['https://cdn.example.com/'],
      ['*'],
      ["'unsafe-inline'"],
      'https://cdn.example.com',
      [42],
    ]) {
      expect(() => parse({ imageOrigins }), JSON.stringify(imageOrigins)).toThrow(
        'imageOrigins must be a list of https origins such as https://cdn.example.com',
      )
    }
  })

  it('keeps given values and drops a trailing slash from urls', () => {
    const config = parse({
      env: 'qa',
      apiurl: 'https://api.qa.example.com/',
      issuer: 'https://id.qa.example.com/',
      clientId: 'portal-qa',
      appID: 'portal',
      timeoutMs: 5000,
      fakeAuth: true,
    })
    expect(config).toMatchObject({
      env: 'qa',
      apiurl: 'https://api.qa.example.com',
      issuer: 'https://id.qa.example.com',
      clientId: 'portal-qa',
      timeoutMs: 5000,
      fakeAuth: true,
    })
  })

  it.each(['ftp://api.example.com', 'javascript:alert(1)', '/api', 'not a url', 42])(
    'refuses apiurl %s with a clear message',
    (apiurl) => {
      expect(() => parse({ apiurl })).toThrow(ConfigError)
      expect(() => parse({ apiurl })).toThrow('apiurl must be an http or https URL')
    },
  )

  it('refuses fakeAuth outside the pre-production group but allows it in every pre-production env', () => {
    for (const env of ['production', 'prod-eu', 'moon']) {
      expect(() => parse({ env, fakeAuth: true }), env).toThrow(
        'fakeAuth is allowed only in the pre-production environments (local, dev, qa, sandbox, staging)',
      )
    }
    for (const env of ['local', 'dev', 'qa', 'sandbox', 'staging']) {
      expect(parse({ env, fakeAuth: true }).get('fakeAuth')).toBe(true)
    }
    expect(parse({ env: 'production' }).get('fakeAuth')).toBe(false)
  })

  it('enables fake authentication only where it is asked for and allowed', () => {
    expect(fakeAuthEnabled(parse({ env: 'staging', fakeAuth: true }))).toBe(true)
    expect(fakeAuthEnabled(parse({ env: 'staging' }))).toBe(false)
    expect(fakeAuthEnabled(parse({ env: 'production' }))).toBe(false)
    // No default environment: a file that asks for fakeAuth and names none cannot count as local.
    const { env: _env, ...noEnv } = REQUIRED
    expect(() => parseConfig({ ...noEnv, fakeAuth: true }, ORIGIN)).toThrow('env is missing')
  })

  it('lists every problem in one error', () => {
    let error: unknown
    try {
      parse({ env: '', timeoutMs: -1, fakeAuth: 'yes' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const issues = error instanceof ConfigError ? error.issues : []
    expect(issues.map((issue) => issue.message)).toEqual([
      expect.stringContaining('env must be a non-empty string'),
      expect.stringContaining('timeoutMs must be a positive whole number'),
      expect.stringContaining('fakeAuth must be true or false'),
    ])
    expect(String(error)).toContain('timeoutMs must be a positive whole number')
  })

  it('refuses a config that is not an object', () => {
    expect(() => parseConfig(['sandbox'], ORIGIN)).toThrow('config must be a JSON object')
  })
})

describe('environment groups', () => {
  it('puts every environment in exactly one group', () => {
    for (const env of ['local', 'dev', 'qa', 'sandbox', 'staging']) {
      expect([env, isPreProduction(env), isProduction(env)]).toEqual([env, true, false])
    }
    expect([isPreProduction('production'), isProduction('production')]).toEqual([false, true])
    expect([isPreProduction('moon'), isProduction('moon')]).toEqual([false, false])
  })
})

describe('loadConfig', () => {
  let server: Server
  let base: string
  let answer: { status: number; type: string; body: string }
  let seen: { url?: string; accept?: string }
  let cacheMode: RequestCache | undefined

  beforeEach(async () => {
    answer = { status: 200, type: 'application/json', body: JSON.stringify(REQUIRED) }
    seen = {}
    server = createServer((req, res) => {
      seen = { url: req.url, accept: req.headers.accept }
      res.writeHead(answer.status, { 'content-type': answer.type })
      res.end(answer.body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterEach(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  const fetchFromServer: typeof fetch = (input, init) => {
    cacheMode = init?.cache
    return fetch(new URL(String(input), base), init)
  }

  it('fetches /config.json without the HTTP cache and parses it', async () => {
    answer.body = JSON.stringify({ ...REQUIRED, env: 'staging', apiurl: 'https://api.staging.example.com' })
    const config = await loadConfig(fetchFromServer, ORIGIN)
    expect(config.get('env')).toBe('staging')
    expect(config.get('apiurl')).toBe('https://api.staging.example.com')
    expect(seen).toEqual({ url: '/config.json', accept: 'application/json' })
    expect(cacheMode).toBe('no-store')
  })

  it('fails closed when the file is missing: no defaults, a ConfigError saying so', async () => {
    answer = { status: 404, type: 'text/plain', body: 'not found' }
    const loading = loadConfig(fetchFromServer, ORIGIN)
    await expect(loading).rejects.toBeInstanceOf(ConfigError)
    await expect(loading).rejects.toMatchObject({ failure: 'missing', message: '/config.json is missing' })
  })

  it('treats an SPA fallback page as a missing file', async () => {
    answer = { status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><html></html>' }
    await expect(loadConfig(fetchFromServer, ORIGIN)).rejects.toMatchObject({ failure: 'missing' })
  })

  it('fails closed on an empty object: every required key is named', async () => {
    answer.body = '{}'
    await expect(loadConfig(fetchFromServer, ORIGIN)).rejects.toThrow(
      /env is missing[\s\S]*issuer is missing[\s\S]*clientId is missing[\s\S]*appID is missing/,
    )
  })

  it('throws a ConfigError listing the issues of an invalid file', async () => {
    answer.body = JSON.stringify({ ...REQUIRED, env: 'production', fakeAuth: true, apiurl: 'file:///etc' })
    const loading = loadConfig(fetchFromServer, ORIGIN)
    await expect(loading).rejects.toBeInstanceOf(ConfigError)
    await expect(loading).rejects.toThrow(
      /apiurl must be an http or https URL[\s\S]*fakeAuth is allowed only/,
    )
  })

  it('throws a ConfigError for a file that is not JSON', async () => {
    answer.body = '{ env: sandbox'
    await expect(loadConfig(fetchFromServer, ORIGIN)).rejects.toThrow('/config.json is not valid JSON')
  })

  it('throws a ConfigError when the server fails', async () => {
    answer = { status: 500, type: 'text/plain', body: 'boom' }
    await expect(loadConfig(fetchFromServer, ORIGIN)).rejects.toThrow(
      'Could not load /config.json: status 500',
    )
  })
})

describe('reading configuration (spec sections 8 and 9)', () => {
  it('reads every key it knows through get', () => {
    const config = parse({ env: 'dev', timeoutMs: 1234 })
    expect(config.get('env')).toBe('dev')
    expect(config.get('timeoutMs')).toBe(1234)
    expect(config.get('apiurl')).toBe(ORIGIN)
  })

  it("keeps and ignores keys it does not know, and throws 'Unknown config' when one is read", () => {
    const config = parse({ env: 'dev', colour: 'blue', featureX: { on: true } })
    expect(config.get('env')).toBe('dev')
    for (const key of ['colour', 'apiUrl', 'featureX']) {
      expect(() => config.get(key as ConfigKey), key).toThrow(new Error('Unknown config'))
    }
  })

  it('takes any environment name; one it does not know is in neither group', () => {
    expect(parse({ env: 'production' }).isProduction()).toBe(true)
    expect(parse({ env: 'staging' }).isPreProduction()).toBe(true)
    const unknown = parse({ env: 'perf-eu-2' })
    expect([unknown.get('env'), unknown.isPreProduction(), unknown.isProduction()]).toEqual([
      'perf-eu-2',
      false,
      false,
    ])
  })
})
