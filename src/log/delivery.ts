import type { LogLevel } from '../../contract/log'

/** An entry as it is posted: scrubbed, with the release, route and request id in its context. */
export interface OutgoingEntry {
  level: LogLevel
  message: string
  context: Record<string, unknown>
}

/** An entry offered to delivery: what makes it a repeat, and how to build it if it is kept. */
export interface Offer {
  key: string
  /** The failed call's request id, kept as the last one of a run of repeats. */
  requestId?: string
  build(): OutgoingEntry
}

/** Time as delivery sees it; tests pass one they move by hand. */
export interface LogClock {
  now(): number
  /** Runs `task` after `ms`; the returned function cancels it. */
  later(task: () => void, ms: number): () => void
}

export const realClock: LogClock = {
  now: () => Date.now(),
  later: (task, ms) => {
    const timer = setTimeout(task, ms)
    return () => clearTimeout(timer)
  },
}

/** A failed post: its status (none for a network failure) and how long the server asked us to wait. */
export class LogPostError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message)
    this.name = 'LogPostError'
  }
}

export interface DeliveryOptions {
  send(entry: OutgoingEntry): Promise<void>
  /** At most this many posts in any minute (config.json's `logEntriesPerMinute`). */
  perMinute: number
  clock: LogClock
  /** Told of each failed post (the console; never the logger, which would loop). */
  onFailure(error: unknown): void
  /** The entry that reports `count` entries dropped (with what every entry carries). */
  droppedReport(count: number): OutgoingEntry
}

export const DROPPED_MESSAGE = 'Log entries dropped: over the rate limit, or while the log endpoint failed'

export interface Delivery {
  /**
   * Takes an entry: posted now, queued behind the limit or a back-off, folded into a repeat, or
   * counted as dropped. It is built (scrubbed) only when it is kept: a flood costs a key per entry.
   */
  accept(offer: Offer): void
  /** Sends the repeat counts gathered so far now rather than when their minute is up (the page is going away). */
  flush(): void
  /** Resolves once no post is in flight. */
  settled(): Promise<void>
  /** Stops: nothing more is posted, and no timer is left behind. */
  dispose(): void
}

const MINUTE_MS = 60_000
/** How long repeats of an entry are counted before their count is posted as one entry. */
const FOLD_MS = MINUTE_MS
/** Entries waiting for the limit or the endpoint; beyond these, entries are dropped and counted. */
const QUEUE_LIMIT = 20
/** Posts at once while the endpoint answers; while it fails, one probe at a time. */
const MAX_IN_FLIGHT = 4
/** An entry is given up after this many failed posts (it is then counted as dropped). */
const MAX_ATTEMPTS = 3
const BACKOFF_BASE_MS = 1_000
const BACKOFF_CAP_MS = 5 * MINUTE_MS
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi

/**
 * What makes two entries repeats of one another: level, message and page. Ids in the message (a
 * failed call's request id, a merchant id) differ between repeats of the same failure.
 */
export function repeatKey(level: LogLevel, message: string, routeId: string | null): string {
  return [level, message.replace(UUID, '<id>'), String(routeId)].join('\u0000')
}

/** Whether the same entry may succeed later: no answer, a time-out, a limit, or a server error. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof LogPostError) || error.status === undefined) return true
  return error.status === 408 || error.status === 429 || error.status >= 500
}

interface Pending {
  entry: OutgoingEntry
  attempts: number
  /** How many entries a give-up loses: 1, or the count a dropped-entries report carries. */
  weight: number
  /** A dropped-entries report: never retried, its count goes back to be reported again. */
  report?: true
}

interface Fold {
  entry: OutgoingEntry
  repeats: number
  lastRequestId: unknown
  cancel: () => void
}

/**
 * Keeps the platform's log endpoint alive under whatever the portal logs: at most `perMinute` posts
 * in any sliding minute per tab, an entry seen again within a minute counted rather than posted (its
 * count posted as one entry when the minute is up), a bounded queue (what overflows is counted and
 * reported in one entry), and while the endpoint fails an exponential back-off (1 s doubling to
 * 5 min, longer when a 429 or 503 says Retry-After) with one probe at a time.
 */
export function createDelivery({
  send,
  perMinute,
  clock,
  onFailure,
  droppedReport,
}: DeliveryOptions): Delivery {
  const queue: Pending[] = []
  const folds = new Map<string, Fold>()
  /** When each post of the last minute started, oldest first. */
  const sentAt: number[] = []
  let dropped = 0
  let inFlight = 0
  let idle: (() => void)[] = []
  /** Consecutive failed back-off rounds; 0 while the endpoint answers. */
  let failures = 0
  let pausedUntil = 0
  let cancelWake: (() => void) | null = null
  let disposed = false

  function drop(weight = 1): void {
    dropped += weight
  }

  function enqueue(pending: Pending, front = false): void {
    if (queue.length >= QUEUE_LIMIT) drop(pending.weight)
    else if (front) queue.unshift(pending)
    else queue.push(pending)
  }

  function closeFold(key: string): void {
    const fold = folds.get(key)
    if (!fold) return
    folds.delete(key)
    fold.cancel()
    if (fold.repeats === 0) return
    const context: Record<string, unknown> = { ...fold.entry.context, repeated: fold.repeats }
    if (fold.lastRequestId !== undefined) context.lastRequestId = fold.lastRequestId
    // A count of repeats says more than one more new entry: under a flood it takes a queued one's place.
    if (queue.length >= QUEUE_LIMIT) {
      queue.pop()
      drop()
    }
    enqueue({ entry: { ...fold.entry, context }, attempts: 0, weight: 1 }, true)
  }

  function wake(at: number): void {
    cancelWake?.()
    cancelWake = clock.later(
      () => {
        cancelWake = null
        pump()
      },
      Math.max(0, at - clock.now()),
    )
  }

  /** Whether the count of dropped entries may be posted: only while the endpoint answers. */
  function reportable(): boolean {
    return dropped > 0 && failures === 0
  }

  /**
   * The count of dropped entries goes first, so a reader learns of the gap before what follows it.
   * It never probes a failing endpoint: a failed report would count itself again and be re-posted
   * after each back-off for ever. It waits for an entry of news to get through, then follows it.
   */
  function next(): Pending | undefined {
    if (reportable()) {
      const weight = dropped
      dropped = 0
      return { entry: droppedReport(weight), attempts: 0, weight, report: true }
    }
    return queue.shift()
  }

  function pump(): void {
    if (disposed) return
    while (queue.length > 0 || reportable()) {
      const now = clock.now()
      if (now < pausedUntil) {
        wake(pausedUntil)
        return
      }
      if (inFlight >= (failures > 0 ? 1 : MAX_IN_FLIGHT)) return
      while (sentAt.length > 0 && (sentAt[0] ?? 0) <= now - MINUTE_MS) sentAt.shift()
      if (sentAt.length >= perMinute) {
        wake((sentAt[0] ?? now) + MINUTE_MS)
        return
      }
      const pending = next()
      if (!pending) return
      post(pending, now)
    }
  }

  function post(pending: Pending, now: number): void {
    sentAt.push(now)
    inFlight += 1
    const round = failures
    send(pending.entry).then(
      () => {
        failures = 0
        pausedUntil = 0
        settle()
      },
      (error: unknown) => {
        onFailure(error)
        // Posts sent together fail together: only the first failure of a round lengthens the pause.
        if (round === failures) {
          failures += 1
          const backoff = Math.min(BACKOFF_BASE_MS * 2 ** (failures - 1), BACKOFF_CAP_MS)
          const asked = error instanceof LogPostError ? (error.retryAfterMs ?? 0) : 0
          pausedUntil = clock.now() + Math.max(backoff, asked)
        }
        const attempts = pending.attempts + 1
        if (!pending.report && attempts < MAX_ATTEMPTS && worthRetrying(error)) {
          enqueue({ ...pending, attempts }, true)
        } else drop(pending.weight)
        settle()
      },
    )
  }

  function settle(): void {
    inFlight -= 1
    pump()
    if (inFlight === 0) {
      const waiting = idle
      idle = []
      for (const resolve of waiting) resolve()
    }
  }

  return {
    accept({ key, requestId, build }) {
      if (disposed) return
      const fold = folds.get(key)
      if (fold) {
        fold.repeats += 1
        if (requestId !== undefined) fold.lastRequestId = requestId
        return
      }
      if (queue.length >= QUEUE_LIMIT) {
        drop()
        return
      }
      const entry = build()
      folds.set(key, {
        entry,
        repeats: 0,
        lastRequestId: undefined,
        cancel: clock.later(() => {
          closeFold(key)
          pump()
        }, FOLD_MS),
      })
      queue.push({ entry, attempts: 0, weight: 1 })
      pump()
    },
    flush() {
      for (const key of [...folds.keys()]) closeFold(key)
      pump()
    },
    settled() {
      return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve))
    },
    dispose() {
      disposed = true
      for (const fold of folds.values()) fold.cancel()
      folds.clear()
      queue.length = 0
      dropped = 0
      cancelWake?.()
      cancelWake = null
    },
  }
}
