import { describe, expect, it } from 'vitest'
import { rangeLength } from './periods'

describe('rangeLength', () => {
  it('counts the days of an inclusive range, one for a single day', () => {
    expect(rangeLength({ from: '2026-03-09', to: '2026-03-09' })).toBe(1)
    expect(rangeLength({ from: '2024-02-01', to: '2024-02-29' })).toBe(29)
    expect(rangeLength({ from: '2025-12-25', to: '2026-01-07' })).toBe(14)
  })

  it('counts calendar days, not 24-hour spans, over a daylight-saving change', () => {
    expect(rangeLength({ from: '2026-03-01', to: '2026-03-14' })).toBe(14)
    expect(rangeLength({ from: '2026-10-25', to: '2026-11-07' })).toBe(14)
  })
})
