import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REVEAL_MS, useRevealedSecret } from './use-revealed-secret'

describe('useRevealedSecret', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('masks the secret again after 30 seconds, counting down', () => {
    expect(REVEAL_MS).toBe(30_000)
    const { result } = renderHook(() => useRevealedSecret())
    act(() => result.current.show('sk_test_secret'))
    expect(result.current.secret).toBe('sk_test_secret')
    expect(result.current.secondsLeft).toBe(30)
    act(() => vi.advanceTimersByTime(10_000))
    expect(result.current.secondsLeft).toBe(20)
    act(() => vi.advanceTimersByTime(19_000))
    expect(result.current.secret).toBe('sk_test_secret')
    act(() => vi.advanceTimersByTime(1_000))
    expect(result.current.secret).toBeNull()
    expect(result.current.secondsLeft).toBe(0)
  })

  it('restarts the clock when shown again, and hides at once on request', () => {
    const { result } = renderHook(() => useRevealedSecret())
    act(() => result.current.show('first'))
    act(() => vi.advanceTimersByTime(25_000))
    act(() => result.current.show('second'))
    act(() => vi.advanceTimersByTime(25_000))
    expect(result.current.secret).toBe('second')
    act(() => result.current.hide())
    expect(result.current.secret).toBeNull()
  })
})
