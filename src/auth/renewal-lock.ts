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
  request<T>(name: string, callback: () => Promise<T>): Promise<T>
  request<T>(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>
}

export interface StorageLeaseOptions {
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
}: StorageLeaseOptions): CrossTabLock {
  const queue = inTabQueue()

  /** Resolves once the lease is this tab's: true when another tab held it meanwhile. */
  async function acquire(owner: string): Promise<boolean> {
    let waited = false
    for (;;) {
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
      return queue.run(async () => {
        const owner = crypto.randomUUID()
        const waited = await acquire(owner)
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
 * asked for only if free, so that a task knows whether it waited for another holder.
 */
export function webLock(locks: LockManagerLike, name: string): CrossTabLock {
  return {
    run: (task) =>
      locks.request(name, { ifAvailable: true }, (lock) =>
        lock ? task(false) : locks.request(name, () => task(true)),
      ),
  }
}

export const RENEWAL_LOCK_NAME = 'mp:session-renewal'

/** Web Locks where the browser has them, else the storage lease. */
export function createRenewalLock(storage: StorageLike): CrossTabLock {
  if (typeof navigator !== 'undefined' && navigator.locks) return webLock(navigator.locks, RENEWAL_LOCK_NAME)
  return storageLeaseLock({ storage, key: RENEWAL_LOCK_NAME })
}
