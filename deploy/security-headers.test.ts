// @vitest-environment node
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  developmentHeaders,
  NONCE_PLACEHOLDER,
  SNIPPET_IDENTITY_ORIGIN,
  SNIPPET_IMAGE_ORIGINS,
  SNIPPET_STYLE_NONCE,
  securityHeaders,
} from './security-headers'

const read = (file: string) => readFile(path.join(import.meta.dirname, file), 'utf8')

/** The `add_header name "value" always;` lines of a snippet, as a name → value map. */
function addedHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue
    const match = /^add_header ([\w-]+) "((?:[^"\\]|\\.)*)" always;$/.exec(line.trim())
    if (!match?.[1] || match[2] === undefined) throw new Error(`not an add_header line: ${line}`)
    headers[match[1]] = match[2].replaceAll('\\"', '"')
  }
  return headers
}

/** Each `location … { … }` of the server block: its match and its body. */
function locations(conf: string): { match: string; body: string }[] {
  return [...conf.matchAll(/^\s*location ([^{]+)\{([^}]*)\}/gm)].map(([, match = '', body = '']) => ({
    match: match.trim(),
    body,
  }))
}

describe('security headers', () => {
  const headers = securityHeaders(SNIPPET_IDENTITY_ORIGIN)
  const policy = headers['Content-Security-Policy'] ?? ''

  it('allow no inline script, plugins, base rewriting or framing, and isolate the window', () => {
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe/)
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("base-uri 'none'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain(`connect-src 'self' ${SNIPPET_IDENTITY_ORIGIN}`)
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin')
    expect(policy).toContain("img-src 'self' data:;")
    expect(
      securityHeaders(SNIPPET_IDENTITY_ORIGIN, { imageOrigins: ['https://cdn.example.com'] })[
        'Content-Security-Policy'
      ],
    ).toContain("img-src 'self' data: https://cdn.example.com;")
  })

  it('allow no inline style: stylesheets of our own, and style elements only by the answer’s nonce', () => {
    expect(policy).not.toContain('unsafe-')
    expect(policy).toContain("style-src 'self';")
    const withNonce = securityHeaders(SNIPPET_IDENTITY_ORIGIN, { styleNonce: 'bm9uY2U=' })[
      'Content-Security-Policy'
    ]
    expect(withNonce).toContain("style-src 'self' 'nonce-bm9uY2U=';")
    expect(withNonce).not.toContain('unsafe-')
  })

  it('are the same on the dev server, with the policy report-only', () => {
    const dev = developmentHeaders(SNIPPET_IDENTITY_ORIGIN)
    expect(dev['Content-Security-Policy-Report-Only']).toBe(policy)
    expect(
      developmentHeaders(SNIPPET_IDENTITY_ORIGIN, { styleNonce: 'bm9uY2U=' })[
        'Content-Security-Policy-Report-Only'
      ],
    ).toContain("'nonce-bm9uY2U='")
    expect(dev['Content-Security-Policy']).toBeUndefined()
    const { 'Content-Security-Policy': _, ...others } = headers
    expect(dev).toMatchObject(others)
  })

  it('require Trusted Types with the named policy the app makes, no default one, and report violations', () => {
    expect(policy).toContain(
      "require-trusted-types-for 'script'; trusted-types portal-style-text; report-uri /api/policy-reports; report-to csp",
    )
    expect(policy).not.toMatch(/trusted-types[^;]*default/)
    expect(headers['Reporting-Endpoints']).toBe('csp="/api/policy-reports"')
  })

  it('send no Referer from the emailed link pages, and are otherwise the same there', () => {
    const link = securityHeaders(SNIPPET_IDENTITY_ORIGIN, { linkPage: true })
    expect(link['Referrer-Policy']).toBe('no-referrer')
    expect({ ...link, 'Referrer-Policy': headers['Referrer-Policy'] }).toEqual(headers)
  })

  it.each([
    ['security-headers.conf', { imageOrigins: SNIPPET_IMAGE_ORIGINS, styleNonce: SNIPPET_STYLE_NONCE }],
    [
      'security-headers-link-pages.conf',
      { linkPage: true, imageOrigins: SNIPPET_IMAGE_ORIGINS, styleNonce: SNIPPET_STYLE_NONCE },
    ],
  ])('are exactly the ones the nginx snippet %s sends, no more and no fewer', async (file, options) => {
    expect(addedHeaders(await read(file))).toEqual(securityHeaders(SNIPPET_IDENTITY_ORIGIN, options))
  })

  it('are sent from every location of nginx.conf, the /api/ proxies included, and never twice', async () => {
    const conf = await read('nginx.conf')
    const found = locations(conf)
    expect(found.map((location) => location.match)).toEqual([
      // The plain-http server's one location redirects; it answers no page.
      '/',
      '~* \\.map$',
      '^~ /.vite/',
      '/assets/',
      '= /config.json',
      '~ ^/(activate|password/reset)/',
      '= /api/merchant-portal-backend/log',
      '= /api/policy-reports',
      '^~ /api/auth/activation/',
      '= /api/auth/password/reset-request',
      '~ ^/api/transactions/[^/]+/dispute/evidence$',
      '/api/',
      '@too_many_requests',
      '/',
    ])
    const names = Object.keys(headers)
    for (const { match, body } of found.slice(1)) {
      const snippet = match.includes('activate')
        ? 'security-headers-link-pages.conf'
        : 'security-headers.conf'
      expect(body, match).toContain(`include /etc/nginx/snippets/${snippet};`)
      expect(body.match(/include /g), match).toHaveLength(1)
      // A location's own add_header lines are for caching and Retry-After only: a security header
      // there would be sent twice.
      for (const [, name] of body.matchAll(/add_header ([\w-]+)/g)) expect(names, match).not.toContain(name)
    }
    expect(found[0]?.body.trim()).toBe('return 301 https://portal.example.com$request_uri;')
    // Outside the locations, nothing adds headers (nginx would drop them where a location adds its own).
    const outside = conf.replace(/#.*$/gm, '').replace(/^\s*location [^{]+\{[^}]*\}/gm, '')
    expect(outside).not.toContain('add_header')
  })

  it('are sent with the nonce nginx writes into every page it answers with index.html', async () => {
    const pages = locations(await read('nginx.conf')).filter(
      (location) => location.body.includes('index.html') && location.body.includes('include '),
    )
    expect(pages.map((location) => location.match)).toEqual(['~ ^/(activate|password/reset)/', '/'])
    for (const { match, body } of pages) {
      expect(body, match).toContain(`sub_filter ${NONCE_PLACEHOLDER} ${SNIPPET_STYLE_NONCE};`)
      // The placeholder is in the meta tag and in every script and stylesheet link.
      expect(body, match).toContain('sub_filter_once off;')
    }
  })

  it('keep the upstream honest: the API certificate is verified and no source map is served', async () => {
    const conf = await read('nginx.conf')
    expect(conf).toContain('proxy_ssl_verify on;')
    expect(conf).toContain('proxy_ssl_trusted_certificate ')
    expect(conf).toMatch(/set \$platform https:\/\//)
    const api = locations(conf).filter((location) => location.match.includes('/api/'))
    expect(api).toHaveLength(6)
    for (const { match, body } of api) {
      expect(body, match).toContain('proxy_pass $platform;')
      expect(body, match).toContain('add_header Cache-Control "no-store" always;')
    }
    const maps = locations(conf).find((location) => location.match.includes('.map'))?.body ?? ''
    expect(maps).toContain('return 404;')
  })
})
