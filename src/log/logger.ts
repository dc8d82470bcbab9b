import type { LogLevel } from '../../contract/log'
import { scrubContext, scrubText } from './scrub'

export type LogContext = Record<string, unknown>
export type LogFn = (level: LogLevel, message: string, context?: LogContext) => void

export const LOG_PATH = '/api/merchant-portal-backend/log'
const POST_TIMEOUT_MS = 10_000
// Browsers refuse keepalive requests whose body is over 64 KiB.
const KEEPALIVE_LIMIT = 60_000

export interface LoggerOptions {
  /** The API origin from the config; the log endpoint is joined onto it. */
  apiurl: string
  fetchImpl?: typeof fetch
  /** Also write every entry to the console; on by default in development builds. */
  mirrorToConsole?: boolean
}

export interface Logger {
  /** Posts one entry; rejects when the post fails or the answer is not 200. */
  postLog(level: LogLevel, message: string, context?: LogContext): Promise<void>
  /** Posts one entry in the background; never throws, and a failed post is only reported to the console. */
  log: LogFn
}

function writeToConsole(level: LogLevel, message: string, context: LogContext): void {
  const write = level === 'error' ? console.error : level === 'warn' ? console.warn : console.info
  write(message, context)
}

export function createLogger(options: LoggerOptions): Logger {
  // Kept as a plain function: calling fetch as a method of another object throws in browsers.
  const fetchImpl = options.fetchImpl ?? fetch
  const mirror = options.mirrorToConsole ?? import.meta.env.DEV
  const url = `${options.apiurl.replace(/\/+$/, '')}${LOG_PATH}`

  async function postLog(level: LogLevel, message: string, context?: LogContext): Promise<void> {
    const body = JSON.stringify({ level, message: scrubText(message), context: scrubContext(context) })
    const response = await fetchImpl(url, {
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
    if (response.status !== 200) throw new Error(`failed to post error log with status ${response.status}`)
  }

  // Set while log() runs and while a failed post is reported: an entry those steps produce (through an
  // instrumented fetch or console) is dropped, because posting it could fail the same way and loop.
  let busy = false

  function reportFailure(error: unknown): void {
    busy = true
    try {
      console.warn(
        'failed to post log entry:',
        scrubText(error instanceof Error ? error.message : String(error)),
      )
    } finally {
      busy = false
    }
  }

  function log(level: LogLevel, message: string, context?: LogContext): void {
    if (busy) return
    busy = true
    try {
      if (mirror) writeToConsole(level, scrubText(message), scrubContext(context))
      postLog(level, message, context).catch(reportFailure)
    } finally {
      busy = false
    }
  }

  return { postLog, log }
}

let appLogger: Logger | undefined

/** Points the app-wide logger at the configured API; call once the config is loaded. */
export function initLogger(apiurl: string, options: Omit<LoggerOptions, 'apiurl'> = {}): void {
  appLogger = createLogger({ apiurl, ...options })
}

/** The app-wide fire-and-forget logger; before initLogger there is nowhere to post, so it writes to the console. */
export const log: LogFn = (level, message, context) => {
  if (appLogger) appLogger.log(level, message, context)
  else writeToConsole(level, scrubText(message), scrubContext(context))
}
