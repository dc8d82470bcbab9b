import { access } from 'node:fs/promises'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { createControl } from '../../sandbox/control'
import { startSandbox } from '../../sandbox/index'
import { sandboxPortalConfig } from '../../sandbox/portal-config'
import { freePort, type NginxServer, startNginx } from '../../scripts/nginx-server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the nginx serving dist/ with deploy/nginx.conf, e.g. https://localhost:41234 */
    baseURL: string
    /** The in-process sandbox API (nginx proxies /api to it). */
    apiUrl: string
    /** The in-process sandbox identity provider as browsers reach it: through nginx, over HTTPS. */
    idpUrl: string
    /** The same provider's own plain-http address, for calls from the test process. */
    idpDirectUrl: string
    /** Base64 SHA-256 of the public key of nginx's throwaway certificate, for browsers to trust it. */
    tlsSpki: string
    /** Where the sandbox's merchant logos load from (config.json's imageOrigins). */
    logoOrigin: string
    /** The access log of that nginx, in deploy/nginx.conf's format. */
    nginxAccessLog: string
  }
}

const root = path.resolve(import.meta.dirname, '../..')
const distDir = process.env.E2E_DIST_DIR ? path.resolve(process.env.E2E_DIST_DIR) : path.join(root, 'dist')

// The suite serves the build as production does: Debian's nginx with deploy/nginx.conf (HTTPS and
// HTTP/2, gzip, the security headers, /api proxied to the sandbox). The build ships no config.json, as
// in production each environment writes its own: nginx answers /config.json from one naming this
// suite's sandbox, without touching dist/.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await access(path.join(distDir, 'index.html')).catch(() => {
    throw new Error('dist/index.html is missing: run npm run test:e2e (it builds) or npm run build first')
  })

  const port = await freePort()
  const baseURL = `https://localhost:${port}`
  // The same nginx by its address rather than its name: another origin, the merchant logos' "CDN",
  // which config.json and the policy's img-src allow.
  const logoOrigin = `https://127.0.0.1:${port}`
  // The identity provider is served over HTTPS too, by the same nginx on a port of its own.
  const idpPort = await freePort()
  const sandbox = await startSandbox({
    apiPort: 0,
    idpPort: 0,
    idpPublicUrl: `https://localhost:${idpPort}`,
    portalOrigins: [baseURL],
    logoOrigin,
    quiet: true,
  })

  let server: NginxServer
  try {
    server = await startNginx({
      dir: distDir,
      port,
      apiUrl: sandbox.apiUrl,
      identityOrigin: new URL(sandbox.idpUrl).origin,
      imageOrigins: [logoOrigin],
      identityProxy: { port: idpPort, upstream: sandbox.idpDirectUrl },
      configJson: JSON.stringify({ ...sandboxPortalConfig(sandbox.idpUrl), imageOrigins: [logoOrigin] }),
    })
  } catch (error) {
    await sandbox.close()
    throw error
  }

  project.provide('baseURL', baseURL)
  project.provide('apiUrl', sandbox.apiUrl)
  project.provide('idpUrl', sandbox.idpUrl)
  project.provide('idpDirectUrl', sandbox.idpDirectUrl)
  project.provide('tlsSpki', server.spki)
  project.provide('logoOrigin', logoOrigin)
  project.provide('nginxAccessLog', server.accessLog)

  // Any policy violation a browser reported during the run fails it, whichever test caused it.
  return async () => {
    const reports = await createControl(sandbox.apiUrl).policyReports()
    await server.close()
    await sandbox.close()
    if (reports.length > 0) {
      const lines = reports.map(
        (report) =>
          `${report.disposition} ${report.directive} on ${report.documentUrl}: ${report.blocked} ${report.sample}`,
      )
      // Vitest only logs an error thrown here; the exit code is what fails the run.
      process.exitCode = 1
      throw new Error(`Browsers reported ${reports.length} policy violations:\n${lines.join('\n')}`)
    }
  }
}
