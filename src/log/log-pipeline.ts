import type { LogLevel } from '../../contract/log'
import { retryAfterMs } from '../api/retry-after'
import {
  createDelivery,
  DROPPED_MESSAGE,
  type LogClock,
  LogPostError,
  type OutgoingEntry,
  realClock,
  repeatKey,
} from './delivery'
import type { LogContext, LogFn } from './logger'
import { RELEASE } from './release'
import { scrubContext, scrubText } from './scrub'

// Everything here is loaded on demand (src/log/logger.ts): the first paint needs none of it.

export const LOG_PATH = '/api/merchant-portal-backend/log'
const POST_TIMEOUT_MS = 10_000
// Browsers refuse keepalive requests whose body is over 64 KiB.
const KEEPALIVE_LIMIT = 60_000
/** config.json's `logEntriesPerMinute` when it has none (src/config/config.ts). */
const DEFAULT_PER_MINUTE = 30

export interface LoggerOptions {
  /** The API origin from the config; the log endpoint is joined onto it. */
  apiurl: string
  fetchImpl?: typeof fetch
  /** Also write every entry to the console; on by default in development builds. */
  mirrorToConsole?: boolean
  /** At most this many entries reach the platform in any minute (config.json's `logEntriesPerMinute`). */
  perMinute?: number
  /** The page's route id when an entry is written (`/_authed/_merchant/transactions`). */
  route?: () => string | undefined
  /** The build's version (package.json's, set at build time); tests pass their own. */
  release?: string
  clock?: LogClock
}

export interface Logger {
  /** Posts one entry now, past the limits; rejects when the post fails or the answer is not 200. */
  postLog(level: LogLevel, message: string, context?: LogContext): Promise<void>
  /** Hands one entry to delivery (limited, folded, backed off); never throws. */
  log: LogFn
  /** As log, for an entry written on the page with route id `routeId` (before this module loaded). */
  record(level: LogLevel, message: string, context: LogContext | undefined, routeId: string | null): void
  /** Posts the repeat counts gathered so far, for a page that is going away. */
  flush(): void
  /** Resolves once no post is in flight. */
  settled(): Promise<void>
  /** Posts nothing more and leaves no timer behind. */
  dispose(): void
}

function writeToConsole(level: LogLevel, message: string, context: LogContext): void {
  const write = level === 'error' ? console.error : level === 'warn' ? console.warn : console.info
  write(message, context)
}

/** Writes an entry to the console, scrubbed: where entries go while there is nowhere to post them. */
export function writeScrubbed(level: LogLevel, message: string, context?: LogContext): void {
  writeToConsole(level, scrubText(message), scrubContext(context))
}

function requestIdIn(value: unknown, depth: number): string | undefined {
  if (!(value instanceof Error) || depth > 3) return undefined
  if ('requestId' in value && typeof value.requestId === 'string') return value.requestId
  return requestIdIn(value.cause, depth + 1)
}

/**
 * The request id of the failed call an entry is about: given as `requestId`, or carried by an error
 * in the context or its causes (every ApiError carries the X-Request-ID it sent).
 */
function requestIdOf(context: LogContext): string | undefined {
  if (typeof context.requestId === 'string') return context.requestId
  for (const value of Object.values(context)) {
    const found = requestIdIn(value, 0)
    if (found !== undefined) return found
  }
  return undefined
}

export function createLogger(options: LoggerOptions): Logger {
  // Kept as a plain function: calling fetch as a method of another object throws in browsers.
  const fetchImpl = options.fetchImpl ?? fetch
  const mirror = options.mirrorToConsole ?? import.meta.env.DEV
  const url = `${options.apiurl.replace(/\/+$/, '')}${LOG_PATH}`
  const clock = options.clock ?? realClock
  const release = options.release ?? RELEASE

  /** Scrubbed, with what every entry carries: the release, the page's route and a failed call's request id. */
  function entryOf(
    level: LogLevel,
    message: string,
    context: LogContext = {},
    routeId: string | null = options.route?.() ?? null,
    requestId: string | undefined = requestIdOf(context),
  ): OutgoingEntry {
    return {
      level,
      message: scrubText(message),
      context: {
        ...scrubContext(context),
        release,
        routeId,
        ...(requestId === undefined ? {} : { requestId: scrubText(requestId) }),
      },
    }
  }

  async function send(entry: OutgoingEntry): Promise<void> {
    const body = JSON.stringify(entry)
    let response: Response
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        // The log endpoint is unauthenticated; sending cookies or a token would only put them at risk.
        credentials: 'omit',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-API-Version': 'v2',
          'X-Request-ID': crypto.randomUUID(),
        },
        body,
        // Lets an entry written just before a redirect (sign-out, login callback) still arrive.
        keepalive: body.length < KEEPALIVE_LIMIT,
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      })
    } catch (error) {
      throw new LogPostError(error instanceof Error ? error.message : String(error))
    }
    if (response.status !== 200) {
      throw new LogPostError(
        `failed to post error log with status ${response.status}`,
        response.status,
        retryAfterMs(response.headers.get('Retry-After'), clock.now()),
      )
    }
  }

  // Set while an entry is handed over, a post starts and a failed post is reported: an entry those
  // steps produce (through an instrumented fetch or console) is dropped, because posting it could
  // fail the same way and loop.
  let busy = false

  function guarded<T>(step: () => T): T {
    const outer = busy
    busy = true
    try {
      return step()
    } finally {
      busy = outer
    }
  }

  const perMinute = options.perMinute ?? DEFAULT_PER_MINUTE
  const delivery = createDelivery({
    send: (entry) => guarded(() => send(entry)),
    perMinute,
    droppedReport: (dropped) => entryOf('warn', DROPPED_MESSAGE, { dropped, perMinute }),
    clock,
    onFailure: (error) =>
      guarded(() =>
        console.warn(
          'failed to post log entry:',
          scrubText(error instanceof Error ? error.message : String(error)),
        ),
      ),
  })

  function record(level: LogLevel, message: string, context: LogContext | undefined, routeId: string | null) {
    if (busy) return
    guarded(() => {
      if (mirror) writeScrubbed(level, message, context)
      const found = context === undefined ? undefined : requestIdOf(context)
      // Scrubbed here too: a run of repeats posts its last request id as it was given.
      const requestId = found === undefined ? undefined : scrubText(found)
      delivery.accept({
        key: repeatKey(level, message, routeId),
        requestId,
        build: () => entryOf(level, message, context, routeId, requestId),
      })
    })
  }

  return {
    postLog: (level, message, context) => send(entryOf(level, message, context)),
    log: (level, message, context) => record(level, message, context, options.route?.() ?? null),
    record,
    flush: () => delivery.flush(),
    settled: () => delivery.settled(),
    dispose: () => delivery.dispose(),
  }
}
