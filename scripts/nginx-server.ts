// Serves a build with Debian's nginx and deploy/nginx.conf, for the browser suite and the bench: what
// they test is what ships. The production file is rendered for loopback: its listen addresses, server
// name, root, certificate, identity-provider origin (in the header snippets), API upstream, resolver
// and log path are replaced (each must be found, so a change to the file cannot silently go
// untested), and /config.json is answered from a rendered copy naming the test's identity provider.
// Everything else (HTTP/2 over TLS, the redirect from plain http, gzip, the locations and their
// headers, the rate limits, the access log's format, the /api proxy) is the file as it is. The
// certificate is a throwaway one for localhost made with openssl; Chromium trusts it through
// --ignore-certificate-errors-spki-list (see `chromiumTrustArgs`), which accepts that key and no other
// invalid certificate.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const root = path.resolve(import.meta.dirname, '..')
const deployDir = path.join(root, 'deploy')
export const nginxPath = process.env.NGINX_PATH || '/usr/sbin/nginx'
/**
 * deploy/nginx.conf's `brotli_static`: Debian's package loads the module through nginx's own main
 * config, which this server does not read, so it names it itself.
 */
const brotliModulePath =
  process.env.NGINX_BROTLI_MODULE || '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
/** The identity provider's origin and the image sources as the snippets name them (deploy/security-headers.ts). */
const SNIPPET_IDENTITY_ORIGIN = 'https://login.example.com'
const SNIPPET_IMAGE_SOURCES = "img-src 'self' data: https://images.example.com;"
const SNIPPETS = ['security-headers.conf', 'security-headers-link-pages.conf']
const STARTUP_MS = 10_000

async function localhostCertificate(dir: string): Promise<{ key: string; cert: string; spki: string }> {
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
  ]).catch((error: unknown) => {
    throw new Error(
      `openssl could not make a certificate for nginx (${error instanceof Error ? error.message : error}); install openssl`,
    )
  })
  const spki = createHash('sha256')
    .update(new X509Certificate(await readFile(cert)).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64')
  return { key, cert, spki }
}

/** `text` with each [from, to] replaced; throws when one is not there. */
function render(text: string, file: string, replacements: [from: string, to: string][]): string {
  let result = text
  for (const [from, to] of replacements) {
    if (!result.includes(from))
      throw new Error(`${file} no longer contains ${JSON.stringify(from)}: update scripts/nginx-server.ts`)
    result = result.replaceAll(from, to)
  }
  return result
}

/** A TCP port free on 127.0.0.1 at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port)
        else reject(new Error('could not find a free port'))
      })
    })
  })
}

function waitForPort(port: number, child: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS
  return new Promise((resolve, reject) => {
    let exited = false
    child.once('exit', async (code) => {
      exited = true
      const log = await readFile(errorLog, 'utf8').catch(() => '')
      reject(new Error(`nginx exited with ${code} while starting:\n${log}`))
    })
    const attempt = () => {
      if (exited) return
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve()
      })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() > deadline)
          reject(new Error(`nginx did not listen on ${port} within ${STARTUP_MS} ms`))
        else setTimeout(attempt, 50)
      })
    }
    attempt()
  })
}

export interface NginxOptions {
  /** The build to serve. */
  dir: string
  /** The https port (production's 443). */
  port: number
  /** The plain-http port that redirects to https (production's 80); a free one by default. */
  httpPort?: number
  /**
   * Where /api goes: the sandbox API's http URL. A `localhost` host is written as 127.0.0.1, which
   * nginx uses without asking a resolver; any other name is resolved per request through `resolver`.
   */
  apiUrl: string
  /** The DNS server nginx asks for the API's name (`host:port`); production's own by default. */
  resolver?: string
  /** The identity provider's origin, written into the security headers. */
  identityOrigin: string
  /** Where logos may load from (config.json's imageOrigins); none by default. */
  imageOrigins?: string[]
  /** The body of /config.json. */
  configJson: string
  /**
   * Also serve the identity provider (its plain-http `upstream`) over HTTPS on 127.0.0.1:`port`, as
   * production serves its provider: WebKit refuses an https page's calls to a plain-http one, loopback
   * included.
   */
  identityProxy?: { port: number; upstream: string }
}

export interface NginxServer {
  /** Chromium flags that make it trust this server's certificate (and only it). */
  chromiumTrustArgs: string[]
  /** Base64 SHA-256 of the certificate's public key. */
  spki: string
  /** The plain-http port, which answers every path with a redirect to https. */
  httpPort: number
  /** The access log, in deploy/nginx.conf's own format; gone once closed. */
  accessLog: string
  /** nginx's error log (level warn); gone once closed. */
  errorLog: string
  close(): Promise<void>
}

/** A TLS server in front of the identity provider, passing on the address the browser used. */
function identityServer(
  { port, upstream }: { port: number; upstream: string },
  cert: string,
  key: string,
): string[] {
  return [
    '  server {',
    `    listen 127.0.0.1:${port} ssl;`,
    '    server_name localhost;',
    `    ssl_certificate ${cert};`,
    `    ssl_certificate_key ${key};`,
    '    location / {',
    `      proxy_pass ${new URL(upstream).origin};`,
    '      proxy_set_header Host $http_host;',
    '      proxy_set_header X-Forwarded-Host $http_host;',
    '      proxy_set_header X-Forwarded-Proto https;',
    '    }',
    '  }',
  ]
}

/** Starts nginx on 127.0.0.1:`port` (https://localhost:`port`) serving `dir`. */
export async function startNginx({
  dir,
  port,
  httpPort,
  apiUrl,
  resolver,
  identityOrigin,
  imageOrigins = [],
  configJson,
  identityProxy,
}: NginxOptions): Promise<NginxServer> {
  await access(nginxPath).catch(() => {
    throw new Error(
      `nginx not found at ${nginxPath}: install it with 'apt-get install -y nginx' or set NGINX_PATH`,
    )
  })
  await access(brotliModulePath).catch(() => {
    throw new Error(
      `nginx's Brotli module not found at ${brotliModulePath}: install it with 'apt-get install -y libnginx-mod-http-brotli-static' or set NGINX_BROTLI_MODULE`,
    )
  })
  const work = await mkdtemp(path.join(os.tmpdir(), 'portal-nginx-'))
  try {
    const { key, cert, spki } = await localhostCertificate(work)
    const snippets = path.join(work, 'snippets')
    const override = path.join(work, 'override')
    await mkdir(snippets)
    await mkdir(override)
    const imageSources = `${["img-src 'self' data:", ...imageOrigins].join(' ')};`
    for (const name of SNIPPETS) {
      const text = await readFile(path.join(deployDir, name), 'utf8')
      await writeFile(
        path.join(snippets, name),
        render(text, name, [
          [SNIPPET_IDENTITY_ORIGIN, identityOrigin],
          [SNIPPET_IMAGE_SOURCES, imageSources],
        ]),
      )
    }
    await writeFile(path.join(override, 'config.json'), configJson)
    const upstream = new URL(apiUrl)
    const hostHeader = upstream.host
    if (upstream.hostname === 'localhost') upstream.hostname = '127.0.0.1'
    const plainPort = httpPort ?? (await freePort())
    const accessLog = path.join(work, 'access.log')
    const server = render(await readFile(path.join(deployDir, 'nginx.conf'), 'utf8'), 'deploy/nginx.conf', [
      ['listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`],
      ['listen 80;', `listen 127.0.0.1:${plainPort};`],
      ['https://portal.example.com$request_uri', `https://localhost:${port}$request_uri`],
      ['server_name portal.example.com;', 'server_name localhost;'],
      ['root /srv/merchant-portal/dist;', `root ${path.resolve(dir)};`],
      ['/var/log/nginx/merchant-portal.access.log', accessLog],
      ['/etc/ssl/merchant-portal/fullchain.pem', cert],
      ['/etc/ssl/merchant-portal/privkey.pem', key],
      ['/etc/nginx/snippets/', `${snippets}/`],
      ['resolver 127.0.0.53 ', `resolver ${resolver ?? '127.0.0.53'} `],
      ['set $platform https://api.example.com;', `set $platform ${upstream.origin};`],
      ['proxy_set_header Host api.example.com;', `proxy_set_header Host ${hostHeader};`],
      ['location = /config.json {', `location = /config.json {\n    root ${override};`],
    ])
    await writeFile(path.join(work, 'server.conf'), server)
    const errorLog = path.join(work, 'error.log')
    // Temporary files and the pid stay in the work directory; as root, the workers keep root's
    // access to it and to the build rather than becoming nobody.
    const main = [
      `load_module ${brotliModulePath};`,
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${path.join(work, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (name) => `  ${name}_temp_path ${path.join(work, name)};`,
      ),
      `  include ${path.join(work, 'server.conf')};`,
      ...(identityProxy ? identityServer(identityProxy, cert, key) : []),
      '}',
      '',
    ].join('\n')
    await writeFile(path.join(work, 'nginx.conf'), main)

    const child = spawn(nginxPath, ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    await waitForPort(port, child, errorLog).catch((error: unknown) => {
      child.kill('SIGKILL')
      throw new Error(`${error instanceof Error ? error.message : error}${stderr}`)
    })
    child.removeAllListeners('exit')
    return {
      chromiumTrustArgs: [`--ignore-certificate-errors-spki-list=${spki}`],
      spki,
      httpPort: plainPort,
      accessLog,
      errorLog,
      async close() {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve))
          // SIGTERM is nginx's fast shutdown: open keep-alive connections do not hold it up.
          child.kill('SIGTERM')
          await exited
        }
        await rm(work, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(work, { recursive: true, force: true })
    throw error
  }
}
