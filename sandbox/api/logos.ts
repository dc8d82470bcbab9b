import { Hono } from 'hono'
import type { Store } from '../store'
import type { ApiEnv } from './env'

/** Where the sandbox serves merchant logos, under the API (so a proxy of /api reaches them). */
export const LOGOS_PATH = '/api/logos'

/**
 * Points every generated checkout-design logo at this sandbox's logo route on `origin` (an https
 * origin that reaches this API, such as the browser suite's nginx under another host name), so that
 * previews show a real image; the logo's file name stays the merchant's slug (`acmeoutdoor.svg`).
 */
export function placeLogos(store: Store, origin: string): void {
  for (const design of store.settings.checkoutDesigns.values()) {
    const slug = /^https:\/\/cdn\.([a-z0-9-]+)\.example\/logo\.svg$/.exec(design.logoUrl)?.[1]
    if (slug) design.logoUrl = `${origin}${LOGOS_PATH}/${slug}.svg`
  }
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

/** GET /api/logos/<slug>.svg: a plain wordmark, open to any caller (an image request sends no headers). */
export function logoRoutes(): Hono<ApiEnv> {
  return new Hono<ApiEnv>().get('/:file', (c) => {
    const slug = /^([a-z0-9-]+)\.svg$/.exec(c.req.param('file'))?.[1]
    if (!slug) return c.body(null, 404)
    const svg = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="32" viewBox="0 0 160 32">',
      '<rect width="160" height="32" rx="6" fill="#1C7C54"/>',
      `<text x="80" y="21" font-family="sans-serif" font-size="14" fill="#fff" text-anchor="middle">${escapeXml(slug)}</text>`,
      '</svg>',
    ].join('')
    c.header('Content-Type', 'image/svg+xml')
    c.header('Cache-Control', 'public, max-age=3600')
    return c.body(svg)
  })
}
