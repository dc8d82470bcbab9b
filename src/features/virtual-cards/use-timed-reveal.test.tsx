import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REVEAL_MS, useTimedReveal } from './use-timed-reveal'

describe('useTimedReveal', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('masks again after 30 seconds, counting down', () => {
    expect(REVEAL_MS).toBe(30_000)
    const { result } = renderHook(() => useTimedReveal())
    expect(result.current.revealed).toBe(false)
    act(() => result.current.reveal())
    expect(result.current).toMatchObject({ revealed: true, secondsLeft: 30 })
    act(() => vi.advanceTimersByTime(12_000))
    expect(result.current.secondsLeft).toBe(18)
    act(() => vi.advanceTimersByTime(17_000))
    expect(result.current.revealed).toBe(true)
    act(() => vi.advanceTimersByTime(1_000))
    expect(result.current).toMatchObject({ revealed: false, secondsLeft: 0 })
  })

  it('restarts the clock when revealed again, and hides at once on request', () => {
    const { result } = renderHook(() => useTimedReveal(5_000))
    act(() => result.current.reveal())
    act(() => vi.advanceTimersByTime(4_000))
    act(() => result.current.reveal())
    act(() => vi.advanceTimersByTime(4_000))
    expect(result.current.revealed).toBe(true)
    act(() => result.current.hide())
    expect(result.current.revealed).toBe(false)
  })

  it('masks at once when the tab is left', () => {
    const { result } = renderHook(() => useTimedReveal())
    act(() => result.current.reveal())
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    try {
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'))
      })
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    }
    expect(result.current.revealed).toBe(false)
  })

  it('stops its timers when the card is put away', () => {
    const { result, unmount } = renderHook(() => useTimedReveal())
    act(() => result.current.reveal())
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
