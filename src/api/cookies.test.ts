import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient } from './client'
import { readCookie } from './cookies'

// Plays the server's Set-Cookie: the code under test only ever reads cookies.
function setCookie(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the document's cookie jar is what readCookie reads
  document.cookie = cookie
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) setCookie(`${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`)
  }
}

describe('readCookie', () => {
  beforeEach(clearCookies)
  afterEach(clearCookies)

  it('reads and decodes a cookie from document.cookie', () => {
    setCookie('other=1; path=/')
    setCookie(`XSRF-TOKEN=${encodeURIComponent('a+b/c=')}; path=/`)
    expect(readCookie('XSRF-TOKEN')).toBe('a+b/c=')
    expect(readCookie('other')).toBe('1')
  })

  it('is undefined for a missing or empty cookie', () => {
    setCookie('XSRF-TOKEN-OLD=x; path=/')
    expect(readCookie('XSRF-TOKEN')).toBeUndefined()
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=; a=b')).toBeUndefined()
  })

  it('returns a value that is not percent-encoded as it was set', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=100%; b=2')).toBe('100%')
  })

  it('never gives a value a request header cannot carry', () => {
    // Decodes to characters outside Latin-1 or to control characters; or holds them as set.
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=%E2%9C%93')).toBeUndefined()
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=abc%0Adef')).toBeUndefined()
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=ab\u0001cd')).toBeUndefined()
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=caf\u00e9')).toBeUndefined()
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=two words')).toBeUndefined()
    expect(readCookie('XSRF-TOKEN', `XSRF-TOKEN=${'x'.repeat(4097)}`)).toBeUndefined()
  })

  it('of duplicated cookies takes the first usable one, as browsers list the most specific first', () => {
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=host-token; XSRF-TOKEN=parent-token')).toBe('host-token')
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=bad value; XSRF-TOKEN=parent-token')).toBe('parent-token')
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=%E2%9C%93%0A; XSRF-TOKEN=real')).toBe('real')
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=; XSRF-TOKEN=second')).toBe('second')
  })
})

describe('XSRF echo in the browser', () => {
  let server: Server
  let baseURL: string
  let headers: IncomingHttpHeaders | undefined

  beforeEach(async () => {
    headers = undefined
    server = createServer((req, res) => {
      // The test page's origin is not this server's, so it must allow the CORS preflight; in the app the
      // dev proxy makes the call same-origin and no preflight happens.
      res.setHeader('access-control-allow-origin', req.headers.origin ?? '*')
      res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*')
      res.setHeader('access-control-allow-methods', 'GET, POST')
      if (req.method === 'OPTIONS') {
        res.writeHead(204)
        res.end()
        return
      }
      headers = req.headers
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"ok":true}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    clearCookies()
  })

  afterEach(async () => {
    clearCookies()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('echoes the XSRF-TOKEN cookie of the document by default', async () => {
    setCookie(`XSRF-TOKEN=${encodeURIComponent('t0k/en')}; path=/`)
    await createApiClient({ baseURL }).request(v.object({ ok: v.boolean() }), '/api/a')
    expect(headers?.['x-xsrf-token']).toBe('t0k/en')
  })
})
