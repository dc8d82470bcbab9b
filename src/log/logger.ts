import type { LogLevel } from '../../contract/log'
import { afterFirstPaint } from '../shared/after-first-paint'
import type { Logger, LoggerOptions } from './log-pipeline'

export type LogContext = Record<string, unknown>
export type LogFn = (level: LogLevel, message: string, context?: LogContext) => void

type Pipeline = Pick<typeof import('./log-pipeline'), 'createLogger' | 'writeScrubbed'>

interface Waiting {
  level: LogLevel
  message: string
  context: LogContext | undefined
  routeId: string | null
}

/** Entries kept while the pipeline loads (as many as its delivery queues); beyond them, counted. */
const WAITING_LIMIT = 20

let pipeline: Pipeline | undefined
let loadStarted = false
let settings: LoggerOptions | undefined
let appLogger: Logger | undefined
let waiting: Waiting[] = []
/** Entries beyond the waiting limit, reported in one entry once the pipeline has loaded. */
let overflow = 0
let routeSource: () => string | undefined = () => undefined

/** Hands what waited to the logger, or to the console while there is nowhere to post. */
function deliver(loaded: Pipeline): void {
  if (settings && !appLogger) appLogger = loaded.createLogger({ ...settings, route: () => routeSource() })
  const entries = waiting
  waiting = []
  if (overflow > 0) {
    // First, so that the count is not itself dropped behind what waited.
    entries.unshift({
      level: 'warn',
      message: 'Log entries dropped while the logger loaded',
      context: { dropped: overflow },
      routeId: routeSource() ?? null,
    })
    overflow = 0
  }
  for (const { level, message, context, routeId } of entries) {
    if (appLogger) appLogger.record(level, message, context, routeId)
    else loaded.writeScrubbed(level, message, context)
  }
}

/**
 * Loads the delivery and the scrubber (src/log/log-pipeline.ts, a chunk of their own): on the first
 * entry, or a few seconds after start-up, whichever comes first. A failed load is tried again on
 * the next entry.
 */
function load(): void {
  if (pipeline) {
    deliver(pipeline)
    return
  }
  if (loadStarted) return
  loadStarted = true
  import('./log-pipeline').then(
    ({ createLogger, writeScrubbed }) => {
      pipeline = { createLogger, writeScrubbed }
      deliver(pipeline)
    },
    () => {
      loadStarted = false
    },
  )
}

/** Points the app-wide logger at the configured API; call once the config is loaded. */
export function initLogger(apiurl: string, options: Omit<LoggerOptions, 'apiurl' | 'route'> = {}): void {
  appLogger?.dispose()
  appLogger = undefined
  settings = { apiurl, ...options }
  if (pipeline) deliver(pipeline)
  else afterFirstPaint(load)
}

/** Where the app-wide logger reads the page's route id from: the router, once there is one. */
export function setLogRoute(source: () => string | undefined): void {
  routeSource = source
}

/** The app-wide logger's repeat counts, posted now: the page is going away. */
export function flushLog(): void {
  appLogger?.flush()
}

/**
 * The app-wide fire-and-forget logger. Each entry names the page it was written on; until the
 * pipeline has loaded, entries wait (at most 20, the rest counted), and before initLogger there is
 * nowhere to post, so they go to the console, scrubbed.
 */
export const log: LogFn = (level, message, context) => {
  if (appLogger) {
    appLogger.log(level, message, context)
    return
  }
  if (waiting.length < WAITING_LIMIT)
    waiting.push({ level, message, context, routeId: routeSource() ?? null })
  else overflow += 1
  load()
}
