import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage, createStorage } from '../storage/storage'
import { activityClock, IDLE_WARNING_MS, type IdleState, watchIdleTime } from './idle-timeout'

const MINUTE = 60_000
const TIMEOUT = 30 * MINUTE

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 12) })
})

afterEach(() => {
  vi.useRealTimers()
})

/** Two tabs: one storage, each with its own input events, as two windows of one profile. */
function twoTabs({ signedInAt = Date.now() }: { signedInAt?: number | null } = {}) {
  const backends = { local: createMemoryStorage(), session: createMemoryStorage() }
  // Sign-in records the first activity.
  if (signedInAt !== null)
    createStorage(backends, () => undefined, new EventTarget()).set('lastActivity', signedInAt)
  const tab = () => {
    const states: IdleState[] = []
    const events = new EventTarget()
    const watch = watchIdleTime({
      storage: createStorage(backends, () => undefined, new EventTarget()),
      timeoutMs: TIMEOUT,
      events,
      onChange: (state) => states.push(state),
    })
    return { states, events, watch, last: () => states.at(-1)?.phase ?? 'active' }
  }
  return [tab(), tab()] as const
}

describe('the idle time-out', () => {
  it('warns a minute before and times out at the configured time without input', async () => {
    const [tab] = twoTabs()
    await vi.advanceTimersByTimeAsync(TIMEOUT - IDLE_WARNING_MS - 1)
    expect(tab.last()).toBe('active')
    await vi.advanceTimersByTimeAsync(1)
    expect(tab.states.at(-1)).toEqual({ phase: 'warning', deadline: Date.now() + IDLE_WARNING_MS })
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS)
    expect(tab.last()).toBe('timed-out')
    tab.watch.stop()
  })

  it('"Stay signed in" in one tab puts off the warning and the time-out in every tab', async () => {
    const [first, second] = twoTabs()
    await vi.advanceTimersByTimeAsync(29 * MINUTE)
    expect([first.last(), second.last()]).toEqual(['warning', 'warning'])
    first.watch.stay()
    expect([first.last(), second.last()]).toEqual(['active', 'active'])
    await vi.advanceTimersByTimeAsync(28 * MINUTE)
    expect([first.last(), second.last()]).toEqual(['active', 'active'])
    await vi.advanceTimersByTimeAsync(2 * MINUTE)
    expect([first.last(), second.last()]).toEqual(['timed-out', 'timed-out'])
    first.watch.stop()
    second.watch.stop()
  })

  it('counts input in any tab, written at most every few seconds', async () => {
    const [first, second] = twoTabs()
    await vi.advanceTimersByTimeAsync(20 * MINUTE)
    second.events.dispatchEvent(new Event('keydown'))
    await vi.advanceTimersByTimeAsync(20 * MINUTE)
    expect(first.last()).toBe('active')
    await vi.advanceTimersByTimeAsync(10 * MINUTE)
    expect(first.last()).toBe('timed-out')
    first.watch.stop()
    second.watch.stop()
  })

  it('a browser reopened after the time-out is timed out at once: opening it is not input', async () => {
    const [tab] = twoTabs({ signedInAt: Date.now() - 3 * 60 * MINUTE })
    await vi.advanceTimersByTimeAsync(0)
    expect(tab.last()).toBe('timed-out')
    tab.events.dispatchEvent(new Event('keydown'))
    await vi.advanceTimersByTimeAsync(TIMEOUT)
    expect(tab.last()).toBe('timed-out')
    tab.watch.stop()
  })

  it('without a recorded activity (signed out) nothing times out and input records nothing', async () => {
    const [tab] = twoTabs({ signedInAt: null })
    tab.events.dispatchEvent(new Event('keydown'))
    await vi.advanceTimersByTimeAsync(3 * TIMEOUT)
    expect(tab.states).toEqual([])
    tab.watch.stop()
  })
})

describe('the activity clock', () => {
  function clock() {
    const storage = createStorage(
      { local: createMemoryStorage(), session: createMemoryStorage() },
      () => undefined,
      new EventTarget(),
    )
    return { storage, clock: activityClock(storage, TIMEOUT) }
  }

  it('has expired only once a recorded activity is older than the time-out', async () => {
    const { clock: activity } = clock()
    expect(activity.expired()).toBe(false)
    activity.touch()
    await vi.advanceTimersByTimeAsync(TIMEOUT - 1)
    expect(activity.expired()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(activity.expired()).toBe(true)
  })

  it('forgets the activity when cleared', () => {
    const { clock: activity, storage } = clock()
    activity.touch()
    activity.clear()
    expect(storage.get('lastActivity')).toBeUndefined()
    expect(activity.expired()).toBe(false)
  })
})
