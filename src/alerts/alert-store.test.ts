import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ALERT_FADE_MS,
  type Alert,
  type AlertPersistence,
  AlertStore,
  AUTH_ERROR_ALERT_DURATION_MS,
  DEFAULT_ALERT_DURATION_MS,
} from './alert-store'

function memory(initial: Alert | null = null): AlertPersistence & { value: Alert | null } {
  return {
    value: initial,
    load() {
      return this.value
    },
    save(alert) {
      this.value = alert
    },
  }
}

describe('AlertStore', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows an alert and hides it after the default 10 000 ms', () => {
    const store = new AlertStore(memory())
    store.show({ status: 'INFO', message: 'Saved draft' })
    expect(store.getSnapshot().alert?.message).toBe('Saved draft')
    // The spec's numbers, written out: a changed constant fails here rather than moving with the test.
    vi.advanceTimersByTime(9_999)
    expect(store.getSnapshot().leaving).toBe(false)
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot().leaving).toBe(true)
    vi.advanceTimersByTime(249)
    expect(store.getSnapshot().alert).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot().alert).toBeNull()
  })

  it("pins the spec's constants by their values", () => {
    expect([ALERT_FADE_MS, DEFAULT_ALERT_DURATION_MS, AUTH_ERROR_ALERT_DURATION_MS]).toEqual([
      250, 10_000, 20_000,
    ])
  })

  it('shows an action with its alert, but keeps only the text for the next page load', () => {
    const persistence = memory()
    const store = new AlertStore(persistence)
    const run = vi.fn()
    store.show({ status: 'ERROR', message: 'Not saved', duration: 0, action: { label: 'Switch back', run } })
    expect(store.getSnapshot().alert?.action).toEqual({ label: 'Switch back', run })
    expect(persistence.value).not.toHaveProperty('action')
    expect(new AlertStore(persistence).getSnapshot().alert).toMatchObject({ message: 'Not saved' })
  })

  it('keeps one alert at a time: a new one replaces the current after a 250 ms fade', () => {
    const store = new AlertStore(memory())
    store.show({ status: 'INFO', message: 'first' })
    store.show({ status: 'ERROR', message: ['second', 'detail'] })
    expect(store.getSnapshot()).toMatchObject({ alert: { message: 'first' }, leaving: true })
    vi.advanceTimersByTime(ALERT_FADE_MS - 1)
    expect(store.getSnapshot().alert?.message).toBe('first')
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toMatchObject({ alert: { message: ['second', 'detail'] }, leaving: false })
  })

  it('shows only the last of several alerts raised during one fade', () => {
    const store = new AlertStore(memory())
    store.show({ status: 'INFO', message: 'a' })
    store.show({ status: 'INFO', message: 'b' })
    store.show({ status: 'INFO', message: 'c' })
    vi.advanceTimersByTime(ALERT_FADE_MS)
    expect(store.getSnapshot().alert?.message).toBe('c')
  })

  it('honours a given duration', () => {
    const store = new AlertStore(memory())
    store.show({ status: 'ERROR', message: 'x', duration: 20_000 })
    vi.advanceTimersByTime(19_999)
    expect(store.getSnapshot().leaving).toBe(false)
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot().leaving).toBe(true)
  })

  it('persists the alert so that it survives a page load, with its remaining time', () => {
    const persistence = memory()
    new AlertStore(persistence).show({ status: 'ERROR', message: 'Sign-in failed', duration: 20_000 })
    vi.advanceTimersByTime(5_000)
    const reloaded = new AlertStore(persistence)
    expect(reloaded.getSnapshot().alert?.message).toBe('Sign-in failed')
    vi.advanceTimersByTime(14_999)
    expect(reloaded.getSnapshot().leaving).toBe(false)
    vi.advanceTimersByTime(1)
    expect(reloaded.getSnapshot().leaving).toBe(true)
  })

  it('drops a stored alert whose time has passed', () => {
    const persistence = memory({
      id: 'old',
      status: 'INFO',
      message: 'stale',
      duration: 1_000,
      createdAt: Date.now() - 2_000,
    })
    expect(new AlertStore(persistence).getSnapshot().alert).toBeNull()
    expect(persistence.value).toBeNull()
  })

  it('dismisses on request and forgets the stored alert', () => {
    const persistence = memory()
    const store = new AlertStore(persistence)
    const alert = store.show({ status: 'SUCCESS', message: 'Done' })
    store.dismiss('some-other-id')
    expect(store.getSnapshot().leaving).toBe(false)
    store.dismiss(alert.id)
    expect(persistence.value).toBeNull()
    vi.advanceTimersByTime(ALERT_FADE_MS)
    expect(store.getSnapshot().alert).toBeNull()
  })

  it('keeps an alert with duration 0 until it is closed', () => {
    const store = new AlertStore(memory())
    store.show({ status: 'INFO', message: 'sticky', duration: 0 })
    vi.advanceTimersByTime(60 * 60_000)
    expect(store.getSnapshot().alert?.message).toBe('sticky')
  })
})
