// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, type ConfigKey, loadConfig, parseConfig } from './config'
import { isPreProduction, isProduction } from './environments'

const ORIGIN = 'http://portal.test:5173'

describe('parseConfig', () => {
  it('fills every default, with apiurl falling back to the page origin', () => {
    expect(parseConfig({}, ORIGIN)).toEqual({
      env: 'local',
      apiurl: ORIGIN,
      issuer: 'http://localhost:4011',
      clientId: 'merchant-portal',
      appID: 'merchant-portal',
      timeoutMs: 30_000,
      identityTimeoutMs: 10_000,
      fakeAuth: false,
      imageOrigins: [],
      offlineAccess: false,
      idleTimeoutMinutes: 30,
    })
  })

  it.each([0, 1, 1.5, 1441, '30', null])(
    'refuses idleTimeoutMinutes %s with a clear message',
    (idleTimeoutMinutes) => {
      expect(() => parseConfig({ idleTimeoutMinutes }, ORIGIN)).toThrow(
        'idleTimeoutMinutes must be a whole number of minutes from 2 to 1440',
      )
    },
  )

  it.each([0, 999, 1500.5, 120_001, '10000', null])(
    'refuses identityTimeoutMs %s with a clear message',
    (identityTimeoutMs) => {
      expect(() => parseConfig({ identityTimeoutMs }, ORIGIN)).toThrow(
        'identityTimeoutMs must be a whole number of milliseconds from 1000 to 120000',
      )
    },
  )

  it('takes the identity time-out from config.json', () => {
    expect(parseConfig({ identityTimeoutMs: 4_000 }, ORIGIN).get('identityTimeoutMs')).toBe(4_000)
  })

  it('takes an idle time-out and offline_access from config.json', () => {
    expect(parseConfig({ idleTimeoutMinutes: 15, offlineAccess: true }, ORIGIN)).toMatchObject({
      idleTimeoutMinutes: 15,
      offlineAccess: true,
    })
  })

  it('takes the image origins logos may load from, and refuses anything but https origins', () => {
    const origins = ['https://cdn.example.com', 'https://images.example.net:8443']
    expect(parseConfig({ imageOrigins: origins }, ORIGIN).get('imageOrigins')).toEqual(origins)
    for (const imageOrigins of [
      ['http://cdn.example.com'],
      ['https://cdn.example.com/logos'],
      ['https://cdn.example.com/'],
      ['*'],
      ["'unsafe-inline'"],
      'https://cdn.example.com',
      [42],
    ]) {
      expect(() => parseConfig({ imageOrigins }, ORIGIN), JSON.stringify(imageOrigins)).toThrow(
        'imageOrigins must be a list of https origins such as https://cdn.example.com',
      )
    }
  })

  it('keeps given values and drops a trailing slash from urls', () => {
    const config = parseConfig(
      {
        env: 'qa',
        apiurl: 'https://api.qa.example.com/',
        issuer: 'https://id.qa.example.com/',
        clientId: 'portal-qa',
        appID: 'portal',
        timeoutMs: 5000,
        fakeAuth: true,
      },
      ORIGIN,
    )
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
      expect(() => parseConfig({ apiurl }, ORIGIN)).toThrow(ConfigError)
      expect(() => parseConfig({ apiurl }, ORIGIN)).toThrow('apiurl must be an http or https URL')
    },
  )

  it('refuses fakeAuth outside the pre-production group but allows it in every pre-production env', () => {
    for (const env of ['production', 'prod-eu', 'moon']) {
      expect(() => parseConfig({ env, fakeAuth: true }, ORIGIN), env).toThrow(
        'fakeAuth is allowed only in the pre-production environments (local, dev, qa, sandbox, staging)',
      )
    }
    for (const env of ['local', 'dev', 'qa', 'sandbox', 'staging']) {
      expect(parseConfig({ env, fakeAuth: true }, ORIGIN).get('fakeAuth')).toBe(true)
    }
    expect(parseConfig({ env: 'production' }, ORIGIN).get('fakeAuth')).toBe(false)
  })

  it('lists every problem in one error', () => {
    let error: unknown
    try {
      parseConfig({ env: '', timeoutMs: -1, fakeAuth: 'yes' }, ORIGIN)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const issues = error instanceof ConfigError ? error.issues : []
    expect(issues).toEqual([
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
    answer = { status: 200, type: 'application/json', body: '{}' }
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
    answer.body = JSON.stringify({ env: 'staging', apiurl: 'https://api.staging.example.com' })
    const config = await loadConfig(fetchFromServer, ORIGIN)
    expect(config.get('env')).toBe('staging')
    expect(config.get('apiurl')).toBe('https://api.staging.example.com')
    expect(seen).toEqual({ url: '/config.json', accept: 'application/json' })
    expect(cacheMode).toBe('no-store')
  })

  it('falls back to defaults when the file is missing', async () => {
    answer = { status: 404, type: 'text/plain', body: 'not found' }
    expect(await loadConfig(fetchFromServer, ORIGIN)).toEqual(parseConfig({}, ORIGIN))
  })

  it('treats an SPA fallback page as a missing file', async () => {
    answer = { status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><html></html>' }
    expect((await loadConfig(fetchFromServer, ORIGIN)).get('env')).toBe('local')
  })

  it('throws a ConfigError listing the issues of an invalid file', async () => {
    answer.body = JSON.stringify({ env: 'production', fakeAuth: true, apiurl: 'file:///etc' })
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
    const config = parseConfig({ env: 'dev', timeoutMs: 1234 }, ORIGIN)
    expect(config.get('env')).toBe('dev')
    expect(config.get('timeoutMs')).toBe(1234)
    expect(config.get('apiurl')).toBe(ORIGIN)
  })

  it("keeps and ignores keys it does not know, and throws 'Unknown config' when one is read", () => {
    const config = parseConfig({ env: 'dev', colour: 'blue', featureX: { on: true } }, ORIGIN)
    expect(config.get('env')).toBe('dev')
    for (const key of ['colour', 'apiUrl', 'featureX']) {
      expect(() => config.get(key as ConfigKey), key).toThrow(new Error('Unknown config'))
    }
  })

  it('takes any environment name; one it does not know is in neither group', () => {
    expect(parseConfig({ env: 'production' }, ORIGIN).isProduction()).toBe(true)
    expect(parseConfig({ env: 'staging' }, ORIGIN).isPreProduction()).toBe(true)
    const unknown = parseConfig({ env: 'perf-eu-2' }, ORIGIN)
    expect([unknown.get('env'), unknown.isPreProduction(), unknown.isProduction()]).toEqual([
      'perf-eu-2',
      false,
      false,
    ])
  })
})
