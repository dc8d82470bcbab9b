import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint, NEXT_PAINT_TIMEOUT_MS } from './after-first-paint'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('afterNextPaint', () => {
  it('runs the task once, after the next frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    const task = vi.fn()
    afterNextPaint(task)
    await vi.advanceTimersByTimeAsync(0)
    expect(task).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(20)
    expect(task).toHaveBeenCalledTimes(1)
    // The time-out that stands in for a frame a hidden tab never paints does not run it again.
    await vi.advanceTimersByTimeAsync(NEXT_PAINT_TIMEOUT_MS)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('runs the task when no frame comes (a hidden tab)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    vi.stubGlobal('requestAnimationFrame', () => 0)
    const task = vi.fn()
    afterNextPaint(task)
    await vi.advanceTimersByTimeAsync(NEXT_PAINT_TIMEOUT_MS - 1)
    expect(task).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(task).toHaveBeenCalledTimes(1)
  })
})
