import { access, readFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { type Plugin, type PreviewServer, preview } from 'vite'
import type { TestProject } from 'vitest/node'
import { securityHeaders } from '../../deploy/security-headers'
import { startSandbox } from '../../sandbox/index'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the preview server serving dist/, e.g. http://localhost:41234 */
    baseURL: string
    /** The in-process sandbox API (the preview server proxies /api to it). */
    apiUrl: string
    /** The in-process sandbox identity provider. */
    idpUrl: string
  }
}

const root = path.resolve(import.meta.dirname, '../..')
const distDir = process.env.E2E_DIST_DIR ? path.resolve(process.env.E2E_DIST_DIR) : path.join(root, 'dist')
const host = '127.0.0.1'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, host, () => {
      const address = probe.address()
      probe.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port)
        else reject(new Error('could not find a free port'))
      })
    })
  })
}

// The built config.json points at the default sandbox ports; the suite's sandbox listens on free
// ports instead, so the preview server answers /config.json itself rather than touching dist/.
function configOverride(idpUrl: string): Plugin {
  return {
    name: 'e2e-config-json',
    async configurePreviewServer(server) {
      const built = await readFile(path.join(distDir, 'config.json'), 'utf8').catch(() => '{}')
      const body = JSON.stringify({ ...JSON.parse(built), issuer: idpUrl })
      server.middlewares.use('/config.json', (req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next()
        res.setHeader('Content-Type', 'application/json')
        res.setHeader('Cache-Control', 'no-store')
        res.end(req.method === 'HEAD' ? undefined : body)
      })
    },
  }
}

async function closePreview(server: PreviewServer): Promise<void> {
  // Chromium keeps sockets alive; without this close() waits for them to time out.
  const { httpServer } = server
  if ('closeAllConnections' in httpServer) httpServer.closeAllConnections()
  await server.close()
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await access(path.join(distDir, 'index.html')).catch(() => {
    throw new Error('dist/index.html is missing: run npm run test:e2e (it builds) or npm run build first')
  })

  const port = await freePort()
  const baseURL = `http://localhost:${port}`
  const sandbox = await startSandbox({ apiPort: 0, idpPort: 0, portalOrigins: [baseURL], quiet: true })

  let server: PreviewServer
  try {
    server = await preview({
      configFile: false,
      root,
      logLevel: 'warn',
      build: { outDir: distDir },
      plugins: [configOverride(sandbox.idpUrl)],
      preview: {
        headers: securityHeaders(sandbox.idpUrl),
        host,
        port,
        strictPort: true,
        proxy: { '/api': { target: sandbox.apiUrl, changeOrigin: false } },
      },
    })
  } catch (error) {
    await sandbox.close()
    throw error
  }

  project.provide('baseURL', baseURL)
  project.provide('apiUrl', sandbox.apiUrl)
  project.provide('idpUrl', sandbox.idpUrl)

  return async () => {
    await closePreview(server)
    await sandbox.close()
  }
}
