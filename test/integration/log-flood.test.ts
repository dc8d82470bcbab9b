import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ReceivedLog } from '../../sandbox/control'
import { ApiError } from '../../src/api/api-error'
import { createLogger, LOG_PATH } from '../../src/log/log-pipeline'
import { flushLog, log } from '../../src/log/logger'
import { RELEASE } from '../../src/log/release'
import { reportUncaught } from '../../src/log/uncaught'
import { ManualClock } from '../support/manual-clock'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()
const TRANSACTIONS = '/_authed/_merchant/transactions'
const FLOOD = 10_000

let stopReporting: (() => void) | undefined

afterEach(() => {
  stopReporting?.()
  stopReporting = undefined
  vi.restoreAllMocks()
  sandbox.reset()
})

function failedCall(requestId: string): ApiError {
  return new ApiError({
    kind: 'http',
    method: 'GET',
    path: '/api/carts',
    requestId,
    status: 500,
    detail: 'failed with status 500',
  })
}

/** A field of an entry's context, as the sandbox received it. */
function contextField(entry: ReceivedLog | undefined, key: string): unknown {
  const context = entry?.context
  return typeof context === 'object' && context !== null ? Reflect.get(context, key) : undefined
}

/** A rejection nothing handled, as the browser reports it (happy-dom has no PromiseRejectionEvent). */
function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason })
}

/** The log entries the sandbox holds once `count` have arrived and a moment more brought no others. */
async function settledLogs(count: number): Promise<ReceivedLog[]> {
  await waitFor(async () => expect((await sandbox.control.logs()).length).toBeGreaterThanOrEqual(count), {
    timeout: 10_000,
  })
  await new Promise((resolve) => setTimeout(resolve, 500))
  return sandbox.control.logs()
}

describe('the log under a flood (issue 30)', () => {
  it('lets 26 of 20,001 uncaught errors reach the platform, each naming release, page and failed call, the repeats as one count', async () => {
    await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/transactions',
      as: 'owner@acme.test',
    })
    await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 10_000 })
    // Once one entry has arrived, the logger's pipeline (a chunk loaded on demand) is in.
    log('info', 'ready')
    await waitFor(async () => expect((await sandbox.control.logs()).length).toBe(1))
    await sandbox.control.clearLogs()
    stopReporting = reportUncaught(window, log, flushLog)
    // Development builds mirror every entry to the console: 20,001 of them here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)

    window.dispatchEvent(rejection(failedCall('6b1d2c3e-0000-4000-8000-000000000001')))
    const same = new TypeError("Cannot read properties of undefined (reading 'amount')")
    for (let i = 0; i < FLOOD; i += 1) window.dispatchEvent(new ErrorEvent('error', { error: same }))
    for (let i = 0; i < FLOOD; i += 1) {
      window.dispatchEvent(new ErrorEvent('error', { error: new RangeError(`row ${i} out of range`) }))
    }

    // Four posted at once, twenty queued behind them, one report of the rest: 25 of 20,001. The
    // TypeError's 9,999 repeats are counted, and posted as one entry when its minute is up.
    const received = await settledLogs(25)
    expect(received).toHaveLength(25)
    const messages = received.map((entry) => entry.message)
    expect(messages).toEqual(
      expect.arrayContaining([
        'Unhandled rejection: ApiError: GET /api/carts failed with status 500 (request id 6b1d2c3e-0000-4000-8000-000000000001)',
        "Uncaught TypeError: Cannot read properties of undefined (reading 'amount')",
        ...Array.from({ length: 22 }, (_, row) => `Uncaught RangeError: row ${row} out of range`),
        'Log entries dropped: over the rate limit, or while the log endpoint failed',
      ]),
    )
    const report = received.find((entry) => entry.message.startsWith('Log entries dropped'))
    expect(report?.context).toMatchObject({ dropped: FLOOD - 22, perMinute: 30 })
    const rejected = received.find((entry) => entry.message.startsWith('Unhandled rejection'))
    expect(rejected?.context).toMatchObject({ requestId: '6b1d2c3e-0000-4000-8000-000000000001' })
    for (const entry of received) {
      expect(entry.context).toMatchObject({ release: RELEASE, routeId: TRANSACTIONS })
    }

    // Leaving the page posts the repeats counted so far, within the same minute's limit.
    window.dispatchEvent(new Event('pagehide'))
    const afterLeaving = await settledLogs(26)
    expect(afterLeaving).toHaveLength(26)
    expect(afterLeaving.at(-1)).toMatchObject({
      message: "Uncaught TypeError: Cannot read properties of undefined (reading 'amount')",
      context: { repeated: FLOOD - 1, routeId: TRANSACTIONS },
    })
  })

  it("names the request id the failed call sent, and the page's route", async () => {
    await sandbox.control.addFault({ path: '/api/transactions', kind: 'status', status: 500 })
    await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      path: '/transactions',
      as: 'owner@acme.test',
    })
    await screen.findByText('Oops...', undefined, { timeout: 10_000 })
    const entries = await settledLogs(1)
    const failed = entries.filter((entry) => entry.message.startsWith('GET /api/transactions failed'))
    const sent = (await sandbox.control.requests({ path: '/api/transactions', method: 'GET' })).map(
      (request) => request.headers['x-request-id'],
    )
    expect(failed.length).toBeGreaterThan(0)
    for (const entry of failed) {
      expect(entry.context).toMatchObject({ release: RELEASE, routeId: TRANSACTIONS })
      expect(sent).toContain(contextField(entry, 'requestId'))
    }
  })

  it('lets at most 30 a minute through ten minutes of 1,000 errors a minute, and says how many it dropped', async () => {
    await sandbox.control.clearLogs()
    const clock = new ManualClock()
    const postedAt: number[] = []
    const fetchImpl: typeof fetch = (input, init) => {
      postedAt.push(clock.now())
      return fetch(input, init)
    }
    const logger = createLogger({
      apiurl: sandbox.apiUrl,
      fetchImpl,
      mirrorToConsole: false,
      clock,
      route: () => TRANSACTIONS,
    })
    let written = 0
    for (let second = 0; second < 600; second += 1) {
      // 1,020 a minute: one failure again and again, and as many new ones.
      for (let i = 0; i < 17; i += 1) {
        logger.log(
          'error',
          i % 2 === 0 ? 'Transaction export failed' : `Flag ${written} could not be evaluated`,
        )
        written += 1
      }
      await clock.advance(1_000, () => logger.settled())
    }
    // Five more minutes for what waited behind the limit.
    await clock.advance(5 * 60_000, () => logger.settled())
    await logger.settled()

    const received = await sandbox.control.logs()
    const perMinute = postedAt.map(
      (at) => postedAt.filter((other) => other >= at && other < at + 60_000).length,
    )
    const reports = received.filter((entry) => entry.message.startsWith('Log entries dropped'))
    const dropped = reports.reduce((sum, entry) => sum + Number(contextField(entry, 'dropped')), 0)
    const repeats = received.filter((entry) => entry.message === 'Transaction export failed')
    expect(written).toBe(10_200)
    expect(received).toHaveLength(postedAt.length)
    expect(Math.max(...perMinute)).toBe(30)
    // The repeated failure: posted once, then its count every minute, 5,400 occurrences in all.
    const counted = repeats.reduce((sum, entry) => sum + Number(contextField(entry, 'repeated') ?? 1), 0)
    expect(repeats.length).toBeGreaterThanOrEqual(10)
    expect(counted).toBe(5_400)
    console.info(
      `log flood: ${written} entries over 10 min; ${received.length} reached the platform in 15 min, ` +
        `at most ${Math.max(...perMinute)} in any minute; ${repeats.length} for the repeated failure ` +
        `(${counted} occurrences), ${reports.length} reports of ${dropped} dropped`,
    )
  })

  it('backs off while the log endpoint fails, and reports what it dropped once it answers again', async () => {
    const faultId = await sandbox.control.addFault({ path: LOG_PATH, kind: 'status', status: 503 })
    await sandbox.control.clearRequests()
    const clock = new ManualClock()
    const logger = createLogger({ apiurl: sandbox.apiUrl, mirrorToConsole: false, clock })
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    {
      for (let i = 0; i < FLOOD; i += 1) logger.log('error', `error ${i}`)
      for (let second = 0; second < 10 * 60; second += 1) await clock.advance(1_000, () => logger.settled())
      await logger.settled()
      const attempts = await sandbox.control.requests({ path: LOG_PATH, method: 'POST' })
      // 4 at once, then one probe at 1, 3, 7, 15, 31, 63, 127, 255 and 511 s: 13 posts in ten minutes.
      expect(attempts).toHaveLength(13)
      expect(await sandbox.control.logs()).toEqual([])

      await sandbox.control.removeFault(faultId)
      await clock.advance(5 * 60_000, () => logger.settled())
      await logger.settled()
      const received = await sandbox.control.logs()
      expect(received[0]).toMatchObject({ message: expect.stringMatching(/^error \d+$/) })
      const report = received.find((entry) => entry.message.startsWith('Log entries dropped'))
      expect(contextField(report, 'dropped')).toBeGreaterThan(9_900)
    }
  })
})
