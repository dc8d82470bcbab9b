import { describe, expect, it } from 'vitest'
import { median, sequentialWaves, threadTimeBlocking, totalBlockingTime } from './vitals'

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones, of the finite values', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([null, 5, undefined, Number.NaN])).toBe(5)
  })

  it('is null without a value', () => {
    expect(median([null, undefined])).toBeNull()
  })
})

describe('sequentialWaves', () => {
  it('counts calls that started after an earlier wave finished as a new wave', () => {
    const calls = [
      { path: '/api/me', start: 0, end: 200 },
      { path: '/api/merchants', start: 10, end: 210 },
      { path: '/api/transactions', start: 205, end: 405 },
      { path: '/api/programs', start: 420, end: 620 },
    ]
    expect(sequentialWaves(calls)).toBe(3)
  })

  it('counts calls made side by side as one wave', () => {
    expect(
      sequentialWaves([
        { path: '/api/a', start: 0, end: 200 },
        { path: '/api/b', start: 5, end: 200 },
      ]),
    ).toBe(1)
  })
})

describe('totalBlockingTime', () => {
  it('sums the part over 50 ms of each long task that ends after the first contentful paint', () => {
    const vitals = { fcp: 100, lcp: null, lcpElement: null, cls: 0 }
    const longTasks: [number, number][] = [
      [0, 90], // ends before the paint: not counted
      [80, 100], // 80 ms of it after the paint: 30 counted
      [300, 120], // 70 counted
    ]
    expect(totalBlockingTime({ ...vitals, longTasks })).toBe(100)
  })

  it('is unknown without a first contentful paint', () => {
    expect(
      totalBlockingTime({ fcp: null, lcp: null, lcpElement: null, cls: 0, longTasks: [[0, 500]] }),
    ).toBeNull()
  })
})

describe('threadTimeBlocking', () => {
  it("counts the busiest renderer main thread's tasks after the paint by their thread time", () => {
    const thread = { pid: 7, tid: 1 }
    const events = [
      { name: 'thread_name', ...thread, ts: 0, args: { name: 'CrRendererMain' } },
      { name: 'firstContentfulPaint', pid: 7, tid: 2, ts: 1_000 },
      { name: 'RunTask', ...thread, ts: 0, dur: 500, tdur: 400_000 }, // before the paint
      { name: 'RunTask', ...thread, ts: 2_000, dur: 200_000, tdur: 120_000 }, // 70 ms counted
      { name: 'RunTask', pid: 8, tid: 1, ts: 2_000, dur: 900_000, tdur: 900_000 }, // another process
    ]
    expect(threadTimeBlocking(events)).toBe(70)
  })
})
