// @vitest-environment node
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { PORTAL_CLIENT_ID, sandboxPortalConfig } from '../sandbox/portal-config'
import { parseConfig } from '../src/config/config'
import { devConfigHandler, LOCAL_CONFIG_FILE } from './dev-config'

const root = path.resolve(import.meta.dirname, '..')
const ISSUER = 'http://localhost:4011'

let server: Server | undefined
let dir: string | undefined

afterEach(async () => {
  const running = server
  server = undefined
  if (running) {
    running.closeAllConnections()
    await new Promise((resolve) => running.close(resolve))
  }
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

/** The dev servers' handler on a plain server, reading config.local.json from `configRoot`. */
async function serve(configRoot: string): Promise<string> {
  const handler = devConfigHandler(ISSUER, configRoot)
  server = createServer((request, response) =>
    handler(request, response, () => {
      response.writeHead(404)
      response.end('passed on')
    }),
  )
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function productSources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name)
    if (entry.isDirectory()) return productSources(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

describe('the sandbox configuration lives in the dev and preview servers only', () => {
  it('answers /config.json with the sandbox configuration, which the portal accepts', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dev-config-'))
    const base = await serve(dir)
    const response = await fetch(`${base}/config.json?fresh`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body: unknown = await response.json()
    expect(body).toEqual(sandboxPortalConfig(ISSUER))
    expect(parseConfig(body, 'http://localhost:5173').get('issuer')).toBe(ISSUER)
    expect(await (await fetch(`${base}/index.html`)).text()).toBe('passed on')
  })

  it("lays a developer's config.local.json over it, read on every request", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dev-config-'))
    const base = await serve(dir)
    writeFileSync(path.join(dir, LOCAL_CONFIG_FILE), JSON.stringify({ fakeAuth: true, env: 'dev' }))
    expect(await (await fetch(`${base}/config.json`)).json()).toEqual({
      ...sandboxPortalConfig(ISSUER),
      fakeAuth: true,
      env: 'dev',
    })
  })

  it('leaves the build without a config.json and the product without the sandbox addresses', () => {
    // public/ is copied into every build: a config.json there would be every environment's fallback.
    expect(existsSync(path.join(root, 'public', 'config.json'))).toBe(false)
    const sandboxValues = [ISSUER, 'localhost:4010', `'${PORTAL_CLIENT_ID}'`]
    const naming = productSources(path.join(root, 'src')).filter((file) => {
      const text = readFileSync(file, 'utf8')
      return sandboxValues.some((value) => text.includes(value))
    })
    expect(naming.map((file) => path.relative(root, file))).toEqual([])
  })
})
