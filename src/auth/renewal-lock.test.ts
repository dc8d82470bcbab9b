import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../storage/storage'
import { DEFAULT_LEASE_MS, type LockManagerLike, storageLeaseLock, webLock } from './renewal-lock'

const KEY = 'mp:test-lease'
const WAIT_MS = 12_000
/** A bound longer than a lease, for the tests about taking turns rather than giving up. */
const PATIENT_MS = 2 * DEFAULT_LEASE_MS

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

/** A task that records when it ran and finishes when `finish` is called. */
function gatedTask(name: string, trace: string[]) {
  let finish: () => void = () => undefined
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  return {
    finish: () => finish(),
    run: async () => {
      trace.push(`${name} start`)
      await done
      trace.push(`${name} end`)
      return name
    },
  }
}

describe('the storage lease (browsers without Web Locks)', () => {
  it('lets two tabs sharing one storage run their tasks one after the other', async () => {
    const storage = createMemoryStorage()
    const tabA = storageLeaseLock({ storage, key: KEY, now: Date.now, waitMs: PATIENT_MS })
    const tabB = storageLeaseLock({ storage, key: KEY, now: Date.now, waitMs: PATIENT_MS })
    const trace: string[] = []
    const first = gatedTask('A', trace)
    const second = gatedTask('B', trace)

    const a = tabA.run(first.run)
    const b = tabB.run(second.run)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(trace).toEqual(['A start'])

    first.finish()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(trace).toEqual(['A start', 'A end', 'B start'])
    second.finish()
    await expect(Promise.all([a, b])).resolves.toEqual(['A', 'B'])
    expect(storage.getItem(KEY)).toBeNull()
  })

  it("tells a task whether it waited for another tab's", async () => {
    const storage = createMemoryStorage()
    const tabA = storageLeaseLock({ storage, key: KEY, waitMs: PATIENT_MS })
    const tabB = storageLeaseLock({ storage, key: KEY, waitMs: PATIENT_MS })
    const first = gatedTask('A', [])
    const a = tabA.run(async (waited) => [await first.run(), waited])
    await vi.advanceTimersByTimeAsync(1_000)
    const b = tabB.run(async (waited) => ['B', waited])
    await vi.advanceTimersByTimeAsync(1_000)
    first.finish()
    await vi.advanceTimersByTimeAsync(1_000)
    await expect(Promise.all([a, b])).resolves.toEqual([
      ['A', false],
      ['B', true],
    ])
  })

  it('runs one task at a time within a tab, and a failed task frees the lock', async () => {
    const lock = storageLeaseLock({ storage: createMemoryStorage(), key: KEY, waitMs: PATIENT_MS })
    const trace: string[] = []
    const failing = lock.run(async () => {
      trace.push('failing')
      throw new Error('renewal failed')
    })
    const next = lock.run(async () => {
      trace.push('next')
      return 'ok'
    })
    const outcome = expect(failing).rejects.toThrow('renewal failed')
    await vi.advanceTimersByTimeAsync(1_000)
    await outcome
    await expect(next).resolves.toBe('ok')
    expect(trace).toEqual(['failing', 'next'])
  })

  it('takes over a lease whose holder vanished once the lease has lapsed', async () => {
    const storage = createMemoryStorage()
    storage.setItem(KEY, JSON.stringify({ owner: 'closed-tab', until: Date.now() + DEFAULT_LEASE_MS }))
    const lock = storageLeaseLock({ storage, key: KEY, waitMs: PATIENT_MS })
    let ran = false
    const task = lock.run(async () => {
      ran = true
    })
    await vi.advanceTimersByTimeAsync(DEFAULT_LEASE_MS - 1_000)
    expect(ran).toBe(false)
    await vi.advanceTimersByTimeAsync(2_000)
    await task
    expect(ran).toBe(true)
  })

  it("gives up waiting for a hung tab's lease after waitMs with a TimeoutError, and never runs its task", async () => {
    const storage = createMemoryStorage()
    const hungTab = storageLeaseLock({ storage, key: KEY, waitMs: WAIT_MS })
    const otherTab = storageLeaseLock({ storage, key: KEY, waitMs: WAIT_MS })
    const hung = gatedTask('hung', [])
    const held = hungTab.run(hung.run)
    await vi.advanceTimersByTimeAsync(1_000)

    let ran = false
    const waiting = otherTab.run(async () => {
      ran = true
    })
    const outcome = expect(waiting).rejects.toMatchObject({ name: 'TimeoutError' })
    await vi.advanceTimersByTimeAsync(WAIT_MS + 2 * 100)
    await outcome
    expect(ran).toBe(false)
    // The holder keeps its lease: giving up takes nothing from it.
    hung.finish()
    await expect(held).resolves.toBe('hung')
    const after = otherTab.run(async () => 'after')
    await vi.advanceTimersByTimeAsync(1_000)
    await expect(after).resolves.toBe('after')
  })

  it('goes ahead alone when storage refuses writes', async () => {
    const storage = {
      ...createMemoryStorage(),
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError')
      },
    }
    const lock = storageLeaseLock({ storage, key: KEY, waitMs: PATIENT_MS })
    await expect(lock.run(async () => 'alone')).resolves.toBe('alone')
  })
})

/**
 * The Web Locks API as the spec describes it for one exclusive lock: requests granted in order,
 * `ifAvailable` answered with null when held, and an aborted waiting request taken out of the queue
 * and rejected with the signal's reason (happy-dom has no Web Locks).
 */
class SpecLocks implements LockManagerLike {
  #held = false
  readonly #queue: Array<() => void> = []

  request<T>(
    _name: string,
    options: { ifAvailable: true } | { signal: AbortSignal },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T> {
    if ('ifAvailable' in options) return this.#held ? callback(null) : this.#grant(callback)
    const { signal } = options
    return new Promise<T>((resolve, reject) => {
      const entry = () => {
        signal.removeEventListener('abort', onAbort)
        this.#grant(callback).then(resolve, reject)
      }
      const onAbort = () => {
        this.#queue.splice(this.#queue.indexOf(entry), 1)
        reject(signal.reason)
      }
      signal.addEventListener('abort', onAbort, { once: true })
      if (this.#held) this.#queue.push(entry)
      else entry()
    })
  }

  async #grant<T>(callback: (lock: unknown) => Promise<T>): Promise<T> {
    this.#held = true
    try {
      return await callback({})
    } finally {
      this.#held = false
      this.#queue.shift()?.()
    }
  }
}

describe('the Web Locks lock', () => {
  it("gives up waiting for a hung tab's lock after waitMs with a TimeoutError, and leaves the queue", async () => {
    const locks = new SpecLocks()
    const hungTab = webLock(locks, 'session', { waitMs: WAIT_MS })
    const otherTab = webLock(locks, 'session', { waitMs: WAIT_MS })
    const hung = gatedTask('hung', [])
    const held = hungTab.run(hung.run)

    let ran = false
    const waiting = otherTab.run(async () => {
      ran = true
    })
    const outcome = expect(waiting).rejects.toMatchObject({ name: 'TimeoutError' })
    await vi.advanceTimersByTimeAsync(WAIT_MS - 1)
    expect(ran).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await outcome
    hung.finish()
    await expect(held).resolves.toBe('hung')
    expect(ran).toBe(false)
  })

  it('runs a task that waited less than waitMs, telling it that it waited', async () => {
    const locks = new SpecLocks()
    const tabA = webLock(locks, 'session', { waitMs: WAIT_MS })
    const tabB = webLock(locks, 'session', { waitMs: WAIT_MS })
    const first = gatedTask('A', [])
    const a = tabA.run(async (waited) => [await first.run(), waited])
    const b = tabB.run(async (waited) => ['B', waited])
    await vi.advanceTimersByTimeAsync(WAIT_MS - 1_000)
    first.finish()
    await expect(Promise.all([a, b])).resolves.toEqual([
      ['A', false],
      ['B', true],
    ])
    // The granted task is not cut short by the bound it no longer waits under.
    await vi.advanceTimersByTimeAsync(WAIT_MS)
  })
})
