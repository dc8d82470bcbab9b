import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Plugin } from 'vite'
import { sandboxPortalConfig } from '../sandbox/portal-config.ts'

/** A developer's own keys (say `"fakeAuth": true`), laid over the sandbox's; not in git. */
export const LOCAL_CONFIG_FILE = 'config.local.json'

function readLocalConfig(file: string): Record<string, unknown> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return {}
  }
  const parsed: unknown = JSON.parse(text)
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${file} must hold a JSON object`)
  }
  return { ...parsed }
}

/**
 * Answers GET /config.json with the sandbox's configuration (its identity provider at `issuer`) and
 * the developer's config.local.json over it, read afresh on every request; anything else goes on.
 */
export function devConfigHandler(issuer: string, root: string) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    if (request.method !== 'GET' || new URL(request.url ?? '/', 'http://x').pathname !== '/config.json') {
      next()
      return
    }
    const body = JSON.stringify({
      ...sandboxPortalConfig(issuer),
      ...readLocalConfig(path.join(root, LOCAL_CONFIG_FILE)),
    })
    response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
    response.end(body)
  }
}

/**
 * The dev and preview servers' /config.json: the portal pointed at the local sandbox. Only these
 * servers have it; the build ships none, so every deployment writes its own and one that forgets
 * stops with the reason (src/config/config.ts) rather than falling back to the sandbox. `root` holds
 * the developer's config.local.json.
 */
export function devConfig(issuer: string, root: string): Plugin {
  return {
    name: 'merchant-portal:dev-config',
    configureServer: (server) => {
      server.middlewares.use(devConfigHandler(issuer, root))
    },
    configurePreviewServer: (server) => {
      server.middlewares.use(devConfigHandler(issuer, root))
    },
  }
}
