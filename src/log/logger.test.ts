// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RELEASE } from './release'

let server: Server
let apiurl: string
let bodies: unknown[]

beforeEach(async () => {
  bodies = []
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on('end', () => {
      bodies.push(JSON.parse(body))
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiurl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  vi.restoreAllMocks()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** The app-wide logger as a fresh page load has it: nothing configured, its pipeline not loaded. */
async function freshLogger() {
  vi.resetModules()
  return import('./logger')
}

describe('the app-wide logger', () => {
  it('writes to the console, scrubbed, before initLogger, and posts nothing', async () => {
    const { log } = await freshLogger()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    log('error', 'too early', { password: 'hunter2' })
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('too early', { password: '[redacted]' }))
    expect(bodies).toEqual([])
  })

  it('posts what was written while its pipeline loaded, each with the route of the page it was written on', async () => {
    const { initLogger, log, setLogRoute } = await freshLogger()
    let routeId = '/_authed/_merchant/transactions'
    setLogRoute(() => routeId)
    initLogger(apiurl, { mirrorToConsole: false })
    log('warn', 'first')
    routeId = '/_authed/_merchant/carts'
    log('warn', 'second')
    await vi.waitFor(() => expect(bodies).toHaveLength(2))
    expect(bodies).toEqual(
      expect.arrayContaining([
        {
          level: 'warn',
          message: 'first',
          context: { release: RELEASE, routeId: '/_authed/_merchant/transactions' },
        },
        {
          level: 'warn',
          message: 'second',
          context: { release: RELEASE, routeId: '/_authed/_merchant/carts' },
        },
      ]),
    )
    log('info', 'now loaded')
    await vi.waitFor(() => expect(bodies).toHaveLength(3))
  })

  it('keeps 20 entries while its pipeline loads, and says how many more it dropped', async () => {
    const { initLogger, log } = await freshLogger()
    initLogger(apiurl, { mirrorToConsole: false, perMinute: 100 })
    for (let i = 0; i < 80; i += 1) log('error', `early ${i}`)
    await vi.waitFor(() => expect(bodies).toHaveLength(21))
    expect(bodies).toContainEqual(
      expect.objectContaining({
        message: 'Log entries dropped while the logger loaded',
        context: expect.objectContaining({ dropped: 60 }),
      }),
    )
  })
})
