import type { StorageLike } from '../storage/storage'

/**
 * Runs tasks one at a time across every tab of the browser profile. A task learns whether it had to
 * wait for another tab's: what that tab stored may not have reached this tab's storage yet, since
 * browsers pass storage changes to other tabs apart from, and sometimes after, the lock's hand-over.
 */
export interface CrossTabLock {
  run<T>(task: (waited: boolean) => Promise<T>): Promise<T>
}

/** The part of the Web Locks API the lock uses. */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: true } | { signal: AbortSignal },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>
}

/** How long a task may wait for the lock, from the moment it asks, before it gives up. */
export interface LockWaitOptions {
  waitMs: number
}

/**
 * A bounded wait that ran out. Named as AbortSignal.timeout()'s DOMException is, so that callers
 * treat both alike: a transient failure, not an answer.
 */
class LockWaitTimeoutError extends Error {
  override readonly name = 'TimeoutError'

  constructor(waitMs: number) {
    super(`another tab held the session lock for more than ${waitMs} ms`)
  }
}

export interface StorageLeaseOptions extends LockWaitOptions {
  storage: StorageLike
  /** The storage key the lease is written under. */
  key: string
  /** A holder that vanishes (its tab closed mid-renewal) gives the lease up after this long. */
  leaseMs?: number
  /** How often a waiting tab looks whether the lease is free. */
  pollMs?: number
  now?: () => number
}

export const DEFAULT_LEASE_MS = 30_000
export const DEFAULT_POLL_MS = 100

interface Lease {
  owner: string
  until: number
}

function readLease(storage: StorageLike, key: string): Lease | null {
  let raw: string | null
  try {
    raw = storage.getItem(key)
  } catch {
    return null
  }
  if (raw === null) return null
  try {
    const parsed: unknown = JSON.parse(raw)
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'owner' in parsed &&
      'until' in parsed &&
      typeof parsed.owner === 'string' &&
      typeof parsed.until === 'number'
    ) {
      return { owner: parsed.owner, until: parsed.until }
    }
  } catch {
    // An unreadable lease is no lease.
  }
  return null
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** One task at a time within this tab: each starts after the previous one settled. */
function inTabQueue() {
  let tail: Promise<unknown> = Promise.resolve()
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task, task)
      tail = result.catch(() => undefined)
      return result
    },
  }
}

/**
 * The fallback for browsers without Web Locks: a lease in localStorage, taken when absent or lapsed,
 * then read back after a pause so that of two tabs writing at once only the last writer goes ahead.
 */
export function storageLeaseLock({
  storage,
  key,
  leaseMs = DEFAULT_LEASE_MS,
  pollMs = DEFAULT_POLL_MS,
  now = Date.now,
  waitMs,
}: StorageLeaseOptions): CrossTabLock {
  const queue = inTabQueue()

  /**
   * Resolves once the lease is this tab's: true when another tab held it meanwhile. Rejects with a
   * TimeoutError once `deadline` has passed without it.
   */
  async function acquire(owner: string, deadline: number): Promise<boolean> {
    let waited = false
    for (;;) {
      if (waited && now() >= deadline) throw new LockWaitTimeoutError(waitMs)
      const held = readLease(storage, key)
      if (!held || held.until <= now()) {
        try {
          storage.setItem(key, JSON.stringify({ owner, until: now() + leaseMs }))
        } catch {
          // Storage refused: this tab cannot coordinate with others, so it goes ahead on its own.
          return waited
        }
        await wait(pollMs)
        if (readLease(storage, key)?.owner === owner) return waited
      } else {
        await wait(pollMs)
      }
      waited = true
    }
  }

  function release(owner: string): void {
    if (readLease(storage, key)?.owner !== owner) return
    try {
      storage.removeItem(key)
    } catch {
      // The lease lapses by itself.
    }
  }

  return {
    run(task) {
      // The time spent behind this tab's own earlier task counts against the bound too.
      const deadline = now() + waitMs
      return queue.run(async () => {
        const owner = crypto.randomUUID()
        const waited = await acquire(owner, deadline)
        try {
          return await task(waited)
        } finally {
          release(owner)
        }
      })
    },
  }
}

/**
 * The Web Locks API's exclusive lock of this name, shared by every tab of the profile. It is first
 * asked for only if free, so that a task knows whether it waited for another holder; the wait is
 * then given up (and the request leaves the queue) after `waitMs`.
 */
export function webLock(locks: LockManagerLike, name: string, { waitMs }: LockWaitOptions): CrossTabLock {
  async function waitThenRun<T>(task: (waited: boolean) => Promise<T>): Promise<T> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new LockWaitTimeoutError(waitMs)), waitMs)
    let granted = false
    try {
      return await locks.request(name, { signal: controller.signal }, () => {
        granted = true
        clearTimeout(timer)
        return task(true)
      })
    } catch (error) {
      // Browsers differ in what an aborted request rejects with; the caller gets one error.
      if (!granted && controller.signal.aborted) throw controller.signal.reason
      throw error
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    run: (task) =>
      locks.request(name, { ifAvailable: true }, (lock) => (lock ? task(false) : waitThenRun(task))),
  }
}

export const RENEWAL_LOCK_NAME = 'mp:session-renewal'

/** Web Locks where the browser has them, else the storage lease; either way a wait is bounded. */
export function createRenewalLock(storage: StorageLike, options: LockWaitOptions): CrossTabLock {
  if (typeof navigator !== 'undefined' && navigator.locks)
    return webLock(navigator.locks, RENEWAL_LOCK_NAME, options)
  return storageLeaseLock({ storage, key: RENEWAL_LOCK_NAME, ...options })
}
