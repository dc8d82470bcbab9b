import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../storage/storage'
import { DEFAULT_LEASE_MS, storageLeaseLock } from './renewal-lock'

const KEY = 'mp:test-lease'

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
    const tabA = storageLeaseLock({ storage, key: KEY, now: Date.now })
    const tabB = storageLeaseLock({ storage, key: KEY, now: Date.now })
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
    const tabA = storageLeaseLock({ storage, key: KEY })
    const tabB = storageLeaseLock({ storage, key: KEY })
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
    const lock = storageLeaseLock({ storage: createMemoryStorage(), key: KEY })
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
    const lock = storageLeaseLock({ storage, key: KEY })
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

  it('goes ahead alone when storage refuses writes', async () => {
    const storage = {
      ...createMemoryStorage(),
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError')
      },
    }
    const lock = storageLeaseLock({ storage, key: KEY })
    await expect(lock.run(async () => 'alone')).resolves.toBe('alone')
  })
})
