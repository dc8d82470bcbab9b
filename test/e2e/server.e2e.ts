// What deploy/nginx.conf guarantees, checked against nginx running it: the client's address reaches
// the platform, the unauthenticated endpoints are rate- and size-limited (429 with Retry-After, which
// the portal honours), the platform's name is resolved per request, the build manifest is not served,
// no version is named, plain http redirects, API answers are not cached, and the access log holds no
// token, sign-in code or customer search. Most of it runs against an nginx of this file's own (its
// rate-limit zones, its resolver), so exhausting a limit here holds up no other test file; the access
// log is the suite's own nginx's, after a real sign-in and search.
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { Browser, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { sandboxPortalConfig } from '../../sandbox/portal-config'
import { freePort, type NginxServer, startNginx } from '../../scripts/nginx-server'
import { launchBrowser, newPage } from './support/browser'
import { launchChromium } from './support/chromium'
import { type DnsServer, startDnsServer } from './support/dns-server'
import { signIn, visit } from './support/portal'
import { sandbox } from './support/sandbox'

const distDir = process.env.E2E_DIST_DIR
  ? path.resolve(process.env.E2E_DIST_DIR)
  : path.resolve(import.meta.dirname, '../../dist')

/** The platform's name as this file's nginx knows it; the test's DNS server answers for it. */
const PLATFORM_NAME = 'platform.test'

let dns: DnsServer
let own: NginxServer
/** https://localhost:<port> of this file's nginx. */
let ownOrigin: string

beforeAll(async () => {
  dns = await startDnsServer()
  dns.answer(PLATFORM_NAME, '127.0.0.1')
  const port = await freePort()
  ownOrigin = `https://localhost:${port}`
  const idpUrl = inject('idpUrl')
  own = await startNginx({
    dir: distDir,
    port,
    apiUrl: `http://${PLATFORM_NAME}:${new URL(inject('apiUrl')).port}`,
    resolver: dns.address,
    identityOrigin: new URL(idpUrl).origin,
    configJson: JSON.stringify(sandboxPortalConfig(idpUrl)),
  })
})

afterAll(async () => {
  await own?.close()
  await dns?.close()
})

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  /** The body as sent, before any decoding. */
  bytes: Buffer
}

interface Call {
  method?: string
  headers?: Record<string, string>
  body?: string
  /**
   * The loopback address the request comes from (all of 127/8 is this machine): each check takes
   * its own, so that the limits one check exhausts are not another's.
   */
  from?: string
  /** Plain http to the redirecting port instead of https. */
  plain?: boolean
}

/** One request to this file's nginx over a connection of its own. */
function call(
  pathname: string,
  { method = 'GET', headers = {}, body, from = '127.0.0.1', plain }: Call = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const options = {
      host: '127.0.0.1',
      port: plain ? own.httpPort : Number(new URL(ownOrigin).port),
      path: pathname,
      method,
      localAddress: from,
      agent: false,
      headers: {
        host: 'localhost',
        'x-api-version': 'v2',
        ...(body === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        ...headers,
      },
    }
    const done = (response: http.IncomingMessage) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const bytes = Buffer.concat(chunks)
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: bytes.toString('utf8'),
          bytes,
        })
      })
    }
    // The throwaway certificate is this test's own; the browser checks it by its key below.
    const request = plain
      ? http.request(options, done)
      : https.request({ ...options, servername: 'localhost', rejectUnauthorized: false }, done)
    request.on('error', reject)
    request.end(body)
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Limited {
  name: string
  method: string
  path: string
  body?: string
  /** How many requests at once are taken (burst + 1) and the Retry-After of a refusal. */
  takes: number
  retryAfter: number
  /** Requests per second the zone takes back. */
  rate: number
  /** The largest body taken. */
  maxBody: number
  from: string
}

// The numbers deploy/nginx.conf sets; the test measures them against the running server.
const LIMITED: Limited[] = [
  {
    name: 'the log',
    method: 'POST',
    path: '/api/merchant-portal-backend/log',
    body: JSON.stringify({ level: 'info', message: 'rate limit probe' }),
    takes: 101,
    retryAfter: 1,
    rate: 2,
    maxBody: 64 * 1024,
    from: '127.0.0.11',
  },
  {
    name: 'the policy reports',
    method: 'POST',
    path: '/api/policy-reports',
    // Not a report the sandbox would record (the suite fails on any recorded violation).
    body: '{}',
    takes: 51,
    retryAfter: 1,
    rate: 1,
    maxBody: 64 * 1024,
    from: '127.0.0.12',
  },
  {
    name: 'an activation link',
    method: 'GET',
    path: '/api/auth/activation/no-such-token',
    takes: 21,
    retryAfter: 5,
    rate: 12 / 60,
    maxBody: 4 * 1024,
    from: '127.0.0.13',
  },
  {
    name: 'a password reset request',
    method: 'POST',
    path: '/api/auth/password/reset-request',
    body: JSON.stringify({ email: 'nobody@example.test' }),
    takes: 6,
    retryAfter: 10,
    rate: 6 / 60,
    maxBody: 4 * 1024,
    from: '127.0.0.14',
  },
]

describe('the server', () => {
  test('forwards the address the request came from, not the one a client claims, and caches no API answer', async () => {
    await sandbox.clearRequests()
    const answer = await call('/api/merchant?probe=forwarded', {
      from: '127.0.0.21',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' },
    })
    expect(answer.status).toBe(401)
    expect(answer.headers['cache-control']).toBe('no-store')
    const [seen] = await sandbox.requests({ path: '/api/merchant' })
    expect(seen?.headers).toMatchObject({
      'x-forwarded-for': '127.0.0.21',
      'x-real-ip': '127.0.0.21',
      'x-forwarded-proto': 'https',
    })
    // The platform's own answer, an error page and a refusal alike: never kept by the browser.
    for (const pathname of ['/api/merchant-portal-backend/flags', '/api/auth/activation/unknown']) {
      const other = await call(pathname, { from: '127.0.0.21' })
      expect(other.headers['cache-control'], pathname).toBe('no-store')
    }
  })

  test.each(LIMITED)(
    'limits $name: 429 with Retry-After past its burst, one more once the wait is over',
    async (limited) => {
      const send = () =>
        call(limited.path, { method: limited.method, body: limited.body, from: limited.from })
      const started = Date.now()
      let taken = 0
      let refused: Answer | undefined
      for (let sent = 0; sent < limited.takes + 50 && !refused; sent += 1) {
        const answer = await send()
        if (answer.status === 429) refused = answer
        else taken += 1
      }
      const seconds = (Date.now() - started) / 1_000
      console.info(
        `${limited.path}: ${taken} taken from one address before the first 429 (in ${seconds.toFixed(2)} s), Retry-After ${refused?.headers['retry-after']}`,
      )
      expect(refused, 'no 429').toBeDefined()
      // What the zone took back while the requests went out may let a few more through.
      expect(taken).toBeGreaterThanOrEqual(limited.takes)
      expect(taken).toBeLessThanOrEqual(limited.takes + Math.ceil(seconds * limited.rate))
      expect(refused?.headers['retry-after']).toBe(String(limited.retryAfter))
      expect(refused?.headers['cache-control']).toBe('no-store')
      expect(refused?.headers['content-security-policy']).toContain("default-src 'self'")
      expect(JSON.parse(refused?.body ?? '{}')).toMatchObject({ error: { code: 'rate_limited' } })
      // Another address is not held up by this one.
      expect(
        (await call(limited.path, { method: limited.method, body: limited.body, from: '127.0.0.99' })).status,
      ).not.toBe(429)

      await sleep(limited.retryAfter * 1_000)
      expect((await send()).status).not.toBe(429)
    },
  )

  test.each(LIMITED)('takes a body of at most $maxBody bytes at $name', async (limited) => {
    const from = '127.0.0.31'
    // 29 characters of JSON around the message.
    const padded = (size: number) => JSON.stringify({ level: 'info', message: 'x'.repeat(size - 29) })
    expect(padded(limited.maxBody).length).toBe(limited.maxBody)
    const large = await call(limited.path, { method: 'POST', body: padded(limited.maxBody + 1), from })
    expect(large.status).toBe(413)
    const fits = await call(limited.path, { method: 'POST', body: padded(limited.maxBody), from })
    expect(fits.status).not.toBe(413)
  })

  test('resolves the platform per request, following its name to a new address', async () => {
    // An answer lives one second (its TTL), and nginx tells time in whole seconds: 2.5 s on, it asks again.
    const ttl = () => sleep(2_500)
    expect((await call('/api/merchant', { from: '127.0.0.41' })).status).toBe(401)
    const before = dns.queries(PLATFORM_NAME)
    await ttl()
    expect((await call('/api/merchant', { from: '127.0.0.41' })).status).toBe(401)
    expect(dns.queries(PLATFORM_NAME)).toBeGreaterThan(before)
    try {
      // Nothing listens on the sandbox's port at this address: the next request fails at once.
      dns.answer(PLATFORM_NAME, '127.0.0.9')
      await ttl()
      expect((await call('/api/merchant', { from: '127.0.0.41' })).status).toBe(502)
    } finally {
      dns.answer(PLATFORM_NAME, '127.0.0.1')
    }
    await ttl()
    expect((await call('/api/merchant', { from: '127.0.0.41' })).status).toBe(401)
  })

  test("sends the build's scripts and styles Brotli-compressed to browsers that take it, gzipped to others", async () => {
    const page = (await call('/')).body
    const assets = [/src="(\/assets\/index-[\w-]+\.js)"/, /href="(\/assets\/index-[\w-]+\.css)"/].map(
      (pattern) => page.match(pattern)?.[1],
    )
    for (const asset of assets) {
      if (!asset) throw new Error(`the page names no entry script or stylesheet:\n${page}`)
      const built = await readFile(path.join(distDir, asset))
      const brotli = await call(asset, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
      expect(brotli.status, asset).toBe(200)
      expect(brotli.headers['content-encoding'], asset).toBe('br')
      expect(brotli.headers.vary, asset).toMatch(/accept-encoding/i)
      expect(brotliDecompressSync(brotli.bytes).equals(built), asset).toBe(true)
      const gzip = await call(asset, { headers: { 'accept-encoding': 'gzip' } })
      expect(gzip.headers['content-encoding'], asset).toBe('gzip')
      expect(gunzipSync(gzip.bytes).equals(built), asset).toBe(true)
      expect(brotli.bytes.byteLength, asset).toBeLessThan(gzip.bytes.byteLength)
    }
  })

  test('serves no build manifest and names no version; plain http redirects to https', async () => {
    // The manifest is in the build; it is the server that keeps it back.
    await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8')
    const manifest = await call('/.vite/manifest.json')
    expect(manifest.status).toBe(404)
    expect(manifest.body).not.toMatch(/"isEntry"|assets\//)
    expect(manifest.body).not.toMatch(/nginx\/\d/)
    expect(manifest.headers.server).toBe('nginx')
    expect((await call('/')).headers.server).toBe('nginx')

    for (const pathname of ['/', '/transactions?page=2', '/activate/some-token']) {
      const redirect = await call(pathname, { plain: true })
      expect(redirect.status, pathname).toBe(301)
      expect(redirect.headers.location, pathname).toBe(`${ownOrigin}${pathname}`)
      expect(redirect.headers.server).toBe('nginx')
      expect(redirect.body).not.toMatch(/nginx\/\d/)
    }
  })
})

describe('the portal behind it', () => {
  let browser: Browser

  beforeAll(async () => {
    // This nginx's certificate and the suite's (which serves the identity provider), each by its key.
    browser = await launchChromium([`--ignore-certificate-errors-spki-list=${inject('tlsSpki')},${own.spki}`])
  })

  afterAll(async () => {
    await browser?.close()
  })

  test('waits out the Retry-After of a refused activation link, then shows the form', async () => {
    const token = await sandbox.issueActivationToken({ email: 'viewer@acme.test', purpose: 'ACTIVATE' })
    const context = await browser.newContext({ baseURL: ownOrigin, locale: 'en-US' })
    const page = await context.newPage()
    const calls: { sentAt: number; answeredAt: number; status: number }[] = []
    let pageAsked = false
    page.on('request', (request: Request) => {
      if (request.url().includes('/api/auth/activation/')) pageAsked = true
    })
    // When the browser sent each call and had its answer, by its own clock: the test's event handlers
    // run late by varying amounts on a loaded machine.
    page.on('requestfinished', (request: Request) => {
      if (!request.url().includes('/api/auth/activation/')) return
      const { startTime, responseEnd } = request.timing()
      void request.response().then((response) =>
        calls.push({
          sentAt: startTime,
          answeredAt: startTime + responseEnd,
          status: response?.status() ?? 0,
        }),
      )
    })
    // This address uses up the activation zone (12 a minute, one every 5 s) and keeps it used up until
    // the page asks, so that its first call is refused however long the page takes to start: a zone
    // used up once before the page started could free a place by the time it asked.
    let usedUp = false
    const exhausting = (async () => {
      while (!pageAsked) {
        if ((await call('/api/auth/activation/no-such-token')).status === 429) usedUp = true
      }
    })()
    await expect.poll(() => usedUp).toBe(true)
    await page.goto(`/activate/${token}`)
    await exhausting
    // The heading shows at once; the form waits for the link's answer.
    await page.getByRole('heading', { level: 1, name: 'Create your password' }).waitFor()
    await page.getByLabel('New password', { exact: true }).waitFor({ timeout: 20_000 })
    await expect.poll(() => calls.length).toBe(2)
    expect(calls.map((entry) => entry.status)).toEqual([429, 200])
    const [refused, taken] = calls
    // Retry-After said 5 s; the zone takes one more request then, and the portal asked no sooner.
    expect((taken?.sentAt ?? 0) - (refused?.answeredAt ?? 0)).toBeGreaterThanOrEqual(4_900)
    expect(await page.getByText('Oops...').count()).toBe(0)
    await context.close()
  })
})

describe('the access log', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
  })

  test('names no link token, sign-in code or state, and no customer search', async () => {
    const page = await newPage(browser)
    const urls: string[] = []
    page.on('request', (request) => urls.push(request.url()))
    await signIn(page, 'owner@acme.test')
    const callback = new URL(urls.find((url) => url.includes('/implicit/callback?')) ?? 'https://x/')
    const code = callback.searchParams.get('code') ?? ''
    const state = callback.searchParams.get('state') ?? ''
    expect(code).not.toBe('')
    expect(state).not.toBe('')

    const email = 'jane.roe.search@example.com'
    await visit(page, `/transactions?searchType=CustomerEmail&search=${encodeURIComponent(email)}`)
    expect(urls.some((url) => url.includes('/api/transactions?') && url.includes('search='))).toBe(true)

    const activation = await sandbox.issueActivationToken({ email: 'viewer@acme.test', purpose: 'ACTIVATE' })
    const reset = await sandbox.issueActivationToken({ email: 'viewer@acme.test', purpose: 'RESET' })
    await visit(page, `/activate/${activation}`)
    await visit(page, `/password/reset/${reset}`)

    // nginx writes each line as its answer ends.
    await expect
      .poll(async () =>
        (await readFile(inject('nginxAccessLog'), 'utf8')).includes('GET /password/reset/[redacted]'),
      )
      .toBe(true)
    const log = await readFile(inject('nginxAccessLog'), 'utf8')
    for (const secret of [code, state, activation, reset, email, encodeURIComponent(email), 'jane.roe']) {
      expect(log, secret).not.toContain(secret)
    }
    expect(log).toMatch(
      /"GET \/implicit\/callback\?(?=.*code=\[redacted\])(?=.*state=\[redacted\])[^ ]* HTTP/,
    )
    expect(log).toMatch(
      /"GET \/transactions\?(?=[^ ]*searchType=CustomerEmail)[^ ]*search=\[redacted\][^ ]* HTTP/,
    )
    expect(log).toContain('"GET /api/transactions?[redacted] HTTP')
    expect(log).toContain('"GET /activate/[redacted] HTTP')
    expect(log).toContain('"GET /api/auth/activation/[redacted] HTTP')
    await page.context().close()
  })
})
