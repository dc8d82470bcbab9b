// The bench's web server: serves a build the way deploy/nginx.conf does, so that what the bench
// measures is what a deployed portal's visitors get. HTTPS with HTTP/2 (one connection for every
// request, as a browser uses with nginx's `listen 443 ssl http2`), text assets gzipped, hashed assets
// cached for a year, every other path answered by index.html, /api proxied to the platform, and the
// security headers on every page and asset. The certificate is a throwaway one for localhost, made
// with openssl; browsers trust it through Chromium's --ignore-certificate-errors-spki-list (see
// `chromiumTrustArgs`), which accepts that one key and no other invalid certificate.
import { execFile } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import http from 'node:http'
import http2 from 'node:http2'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.map', '.txt', '.webmanifest'])
// Connection-level headers HTTP/2 does not allow in a response (RFC 9113, 8.2.2).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'])

async function localhostCertificate() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-tls-'))
  try {
    const key = path.join(dir, 'key.pem')
    const cert = path.join(dir, 'cert.pem')
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ]).catch((error) => {
      throw new Error(`openssl could not make the bench's certificate (${error.message}); install openssl`)
    })
    return { key: await readFile(key), cert: await readFile(cert) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * Starts the server on 127.0.0.1:`port`.
 * @param {{ dir: string, port: number, apiUrl: string, configJson: string, headers: Record<string, string> }} options
 *   dir: the build; apiUrl: where /api goes; configJson: the body of /config.json; headers: the
 *   security headers of every page and asset.
 */
export async function startBenchServer({ dir, port, apiUrl, configJson, headers }) {
  const root = path.resolve(dir)
  const { key, cert } = await localhostCertificate()
  const spki = createHash('sha256')
    .update(new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64')
  const gzipped = new Map()

  async function file(pathname) {
    const resolved = path.resolve(root, `.${pathname}`)
    if (resolved !== root && !resolved.startsWith(root + path.sep)) return null
    const info = await stat(resolved).catch(() => null)
    return info?.isFile() ? resolved : null
  }

  async function sendFile(req, res, resolved, cacheControl) {
    const extension = path.extname(resolved)
    const head = {
      ...headers,
      'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'cache-control': cacheControl,
      vary: 'Accept-Encoding',
    }
    let body
    if (COMPRESSIBLE.has(extension) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      body = gzipped.get(resolved)
      if (!body) {
        body = gzipSync(await readFile(resolved), { level: 9 })
        gzipped.set(resolved, body)
      }
      head['content-encoding'] = 'gzip'
    } else {
      body = await readFile(resolved)
    }
    head['content-length'] = String(body.length)
    res.writeHead(200, head)
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  function proxy(req, res) {
    const target = new URL(req.url, apiUrl)
    const forward = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) forward[name] = value
    }
    forward.host = target.host
    const upstream = http.request(target, { method: req.method, headers: forward }, (answer) => {
      const back = {}
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value
      }
      res.writeHead(answer.statusCode ?? 502, back)
      answer.pipe(res)
    })
    // A dropped connection upstream (a sandbox fault) drops this one too, as a proxy would.
    upstream.on('error', () => res.stream?.close(http2.constants.NGHTTP2_INTERNAL_ERROR) ?? res.destroy())
    req.pipe(upstream)
  }

  async function handle(req, res) {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'https://localhost').pathname)
    if (pathname === '/api' || pathname.startsWith('/api/')) return proxy(req, res)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' })
      return res.end()
    }
    if (pathname === '/config.json') {
      res.writeHead(200, { ...headers, 'content-type': 'application/json', 'cache-control': 'no-store' })
      return res.end(req.method === 'HEAD' ? undefined : configJson)
    }
    const found = await file(pathname)
    if (found && pathname.startsWith('/assets/')) {
      return sendFile(req, res, found, 'public, max-age=31536000, immutable')
    }
    if (found) return sendFile(req, res, found, 'no-cache')
    if (pathname.startsWith('/assets/')) {
      res.writeHead(404, headers)
      return res.end()
    }
    return sendFile(req, res, path.join(root, 'index.html'), 'no-cache')
  }

  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500)
      res.end(String(error))
    })
  })
  // Every connection, HTTP/2 or HTTP/1.1, is one of these sockets: closing them ends both.
  const sockets = new Set()
  server.on('secureConnection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return {
    /** Chromium flags that make it trust this server's certificate (and only it). */
    chromiumTrustArgs: [`--ignore-certificate-errors-spki-list=${spki}`],
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
