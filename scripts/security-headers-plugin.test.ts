// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NONCE_PLACEHOLDER, securityHeaders } from '../deploy/security-headers'
import { pageWithNonce } from './security-headers-plugin'

const page = `<meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}" /><script type="module" nonce="${NONCE_PLACEHOLDER}" src="/assets/app.js"></script>`
const linkPages: string[] = []
let server: Server
let origin: string

beforeAll(async () => {
  const middleware = pageWithNonce({
    html: async () => page,
    headers: (styleNonce, pathname) => {
      const linkPage = pathname.startsWith('/activate/')
      if (linkPage) linkPages.push(pathname)
      return securityHeaders('https://login.example.com', { styleNonce, linkPage })
    },
  })
  server = createServer((req, res) =>
    middleware(req, res, () => {
      res.statusCode = 204
      res.end()
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const openPage = (pathname: string) => fetch(`${origin}${pathname}`, { headers: { accept: 'text/html' } })

describe('the dev and preview servers’ pages', () => {
  it('carry one fresh nonce per answer, in the page and in its policy alike', async () => {
    const nonces: string[] = []
    for (const pathname of ['/', '/transactions?page=2']) {
      const answer = await openPage(pathname)
      const body = await answer.text()
      expect(body).not.toContain(NONCE_PLACEHOLDER)
      const [, nonce = ''] = /nonce="([^"]+)"/.exec(body) ?? []
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(body.split(`nonce="${nonce}"`)).toHaveLength(3)
      expect(answer.headers.get('content-security-policy')).toContain(`style-src 'self' 'nonce-${nonce}';`)
      expect(answer.headers.get('cache-control')).toBe('no-store')
      nonces.push(nonce)
    }
    expect(new Set(nonces).size).toBe(2)
  })

  it('send no Referer from the emailed link pages', async () => {
    const answer = await openPage('/activate/some-token')
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer')
    expect(linkPages).toEqual(['/activate/some-token'])
  })

  it('leave files, the API and other requests to the server', async () => {
    for (const [pathname, accept] of [
      ['/assets/app.js', 'text/html'],
      ['/api/merchant', 'text/html'],
      ['/transactions', 'application/json'],
    ] as const) {
      const answer = await fetch(`${origin}${pathname}`, { headers: { accept } })
      expect(answer.status, pathname).toBe(204)
    }
  })
})
