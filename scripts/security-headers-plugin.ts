// The dev and preview servers' pages get what nginx gives them (deploy/nginx.conf): a style nonce
// fresh for every answer, written where the build left NONCE_PLACEHOLDER (Vite's html.cspNonce: the
// csp-nonce meta tag and the nonce attributes) and named by the answer's policy. Other files keep the
// servers' static headers (`server.headers`, `preview.headers`), whose policy names no nonce: a policy
// applies to the page it comes with, not to the scripts and stylesheets the page loads.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Connect, Plugin } from 'vite'
import { NONCE_PLACEHOLDER } from '../deploy/security-headers.ts'

/** A nonce for one answer: 128 random bits, base64 as CSP writes it. */
function freshNonce(): string {
  return randomBytes(16).toString('base64')
}

/** A page address the app answers with index.html (as nginx's try_files), not a file or the API. */
function isPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  if (!req.headers.accept?.includes('text/html')) return false
  const { pathname } = new URL(req.url ?? '/', 'http://localhost')
  if (/^\/(api|__sandbox|@|node_modules|src)(\/|$)/.test(pathname)) return false
  const extension = path.extname(pathname)
  return extension === '' || extension === '.html'
}

interface PageAnswer {
  /** index.html for this request, as the server has it. */
  html(req: IncomingMessage): Promise<string>
  /** The headers of the page, its policy naming `nonce`. */
  headers(nonce: string, pathname: string): Record<string, string>
}

/** A middleware that answers page requests with index.html, its placeholder and policy given one fresh nonce. */
export function pageWithNonce({ html, headers }: PageAnswer): Connect.NextHandleFunction {
  return (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    if (!isPageRequest(req)) {
      next()
      return
    }
    html(req).then(
      (text) => {
        const nonce = freshNonce()
        const body = text.replaceAll(NONCE_PLACEHOLDER, nonce)
        const { pathname } = new URL(req.url ?? '/', 'http://localhost')
        for (const [name, value] of Object.entries(headers(nonce, pathname))) res.setHeader(name, value)
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        // Never answered from a cache: the nonce in a cached page would not be the policy's.
        res.setHeader('Cache-Control', 'no-store')
        res.setHeader('Content-Length', Buffer.byteLength(body))
        res.statusCode = 200
        res.end(req.method === 'HEAD' ? undefined : body)
      },
      (error: unknown) => next(error),
    )
  }
}

/** Page requests as the emailed links open them, whose path holds a one-time token. */
const linkPage = (pathname: string) => /^\/(activate|password\/reset)\//.test(pathname)

export function securityHeadersPlugin(options: {
  /** The dev server's page headers (report-only) for a nonce. */
  development(nonce: string): Record<string, string>
  /** The preview server's page headers for a nonce, and whether the page is an emailed link's. */
  preview(nonce: string, linkPage: boolean): Record<string, string>
}): Plugin {
  let root = process.cwd()
  let outDir = 'dist'
  return {
    name: 'portal-security-headers',
    config: () => ({ html: { cspNonce: NONCE_PLACEHOLDER } }),
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
    },
    configureServer(server) {
      server.middlewares.use(
        pageWithNonce({
          html: async (req) =>
            server.transformIndexHtml(
              req.url ?? '/',
              await readFile(path.join(root, 'index.html'), 'utf8'),
              req.url,
            ),
          headers: (nonce) => options.development(nonce),
        }),
      )
    },
    configurePreviewServer(server) {
      server.middlewares.use(
        pageWithNonce({
          html: () => readFile(path.join(outDir, 'index.html'), 'utf8'),
          headers: (nonce, pathname) => options.preview(nonce, linkPage(pathname)),
        }),
      )
    },
  }
}
