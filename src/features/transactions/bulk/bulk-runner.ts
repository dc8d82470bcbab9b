/** Where one row of a bulk run stands. */
export type RowOutcome =
  | { state: 'waiting' }
  | { state: 'sending' }
  | { state: 'done' }
  | { state: 'failed'; error: unknown }
  /** Cancelled before it was sent: nothing was asked of the platform for it. */
  | { state: 'unsent' }

/** At most this many writes of a bulk run are in flight at once. */
const BULK_CONCURRENCY = 4

export interface BulkRunnerOptions {
  ids: readonly string[]
  /** Sends one row's write; it settles when the platform answered (or could not be reached). */
  send(id: string): Promise<unknown>
  /** Every change of a row's outcome, with all of them. */
  onChange(outcomes: ReadonlyMap<string, RowOutcome>): void
  /** Once nothing is in flight or waiting any more (after the run, and after each retry). */
  onIdle(): void
  concurrency?: number
}

export interface BulkRunner {
  /** Sends the rows, `concurrency` at a time, in order. */
  start(): void
  /** Stops what is not sent yet (it becomes `unsent`); writes in flight finish and are reported. */
  cancel(): void
  /** Sends these rows again if they failed; a row that succeeded, waits or is in flight is never sent again. */
  retry(ids: readonly string[]): void
  outcomes(): ReadonlyMap<string, RowOutcome>
}

/**
 * The writes of a bulk action, at most `concurrency` in flight. The runner knows nothing of the platform:
 * the sender it is given carries each row's idempotency key.
 */
export function createBulkRunner({
  ids,
  send,
  onChange,
  onIdle,
  concurrency = BULK_CONCURRENCY,
}: BulkRunnerOptions): BulkRunner {
  const outcomes = new Map<string, RowOutcome>(ids.map((id) => [id, { state: 'waiting' }]))
  const queue: string[] = []
  let inFlight = 0

  const set = (id: string, outcome: RowOutcome) => {
    outcomes.set(id, outcome)
    onChange(new Map(outcomes))
  }

  const pump = () => {
    while (inFlight < concurrency) {
      const id = queue.shift()
      if (id === undefined) break
      inFlight += 1
      set(id, { state: 'sending' })
      send(id).then(
        () => finish(id, { state: 'done' }),
        (error: unknown) => finish(id, { state: 'failed', error }),
      )
    }
  }

  const finish = (id: string, outcome: RowOutcome) => {
    inFlight -= 1
    set(id, outcome)
    pump()
    if (inFlight === 0 && queue.length === 0) onIdle()
  }

  const enqueue = (chosen: readonly string[]) => {
    if (chosen.length === 0) return
    for (const id of chosen) {
      queue.push(id)
      outcomes.set(id, { state: 'waiting' })
    }
    onChange(new Map(outcomes))
    pump()
  }

  return {
    start: () => enqueue(ids.filter((id) => outcomes.get(id)?.state === 'waiting' && !queue.includes(id))),
    cancel() {
      const stopped = queue.splice(0)
      for (const id of stopped) outcomes.set(id, { state: 'unsent' })
      if (stopped.length > 0) onChange(new Map(outcomes))
      if (stopped.length > 0 && inFlight === 0) onIdle()
    },
    retry: (chosen) => enqueue(chosen.filter((id) => outcomes.get(id)?.state === 'failed')),
    outcomes: () => new Map(outcomes),
  }
}

/** How many rows stand where, for the progress. */
export function countOutcomes(
  outcomes: ReadonlyMap<string, RowOutcome>,
): Record<RowOutcome['state'], number> {
  const counts = { waiting: 0, sending: 0, done: 0, failed: 0, unsent: 0 }
  for (const outcome of outcomes.values()) counts[outcome.state] += 1
  return counts
}
