import { describe, expect, it } from 'vitest'
import { serializeDate, serializeDates } from './serialize-dates'

describe('serializeDate', () => {
  it('sends a midnight-UTC date as a calendar date', () => {
    expect(serializeDate(new Date('2026-11-22T00:00:00.000Z'))).toBe('2026-11-22')
  })

  it('keeps the full ISO string for any other time', () => {
    expect(serializeDate(new Date('2026-11-22T00:00:00.001Z'))).toBe('2026-11-22T00:00:00.001Z')
    expect(serializeDate(new Date('2026-11-22T23:00:00.000Z'))).toBe('2026-11-22T23:00:00.000Z')
  })

  it('refuses an invalid date instead of sending null', () => {
    expect(() => serializeDate(new Date('not a date'))).toThrow(RangeError)
  })
})

describe('serializeDates', () => {
  it('replaces dates at any depth in objects and arrays', () => {
    const input = {
      from: new Date('2026-01-01T00:00:00Z'),
      filters: { at: new Date('2026-01-01T12:30:00Z'), tags: ['a', new Date('2026-02-01T00:00:00Z')] },
      ranges: [{ to: new Date('2026-03-01T00:00:00Z') }],
      count: 2,
      name: 'x',
      none: null,
      missing: undefined,
    }
    expect(serializeDates(input)).toEqual({
      from: '2026-01-01',
      filters: { at: '2026-01-01T12:30:00.000Z', tags: ['a', '2026-02-01'] },
      ranges: [{ to: '2026-03-01' }],
      count: 2,
      name: 'x',
      none: null,
      missing: undefined,
    })
  })

  it('handles a top-level date or array', () => {
    expect(serializeDates(new Date('2026-05-05T00:00:00Z'))).toBe('2026-05-05')
    expect(serializeDates([new Date('2026-05-05T00:00:00Z')])).toEqual(['2026-05-05'])
  })

  it('does not change its input', () => {
    const date = new Date('2026-01-01T00:00:00Z')
    const input = { nested: { date } }
    serializeDates(input)
    expect(input.nested.date).toBe(date)
  })

  it('names where an invalid date is', () => {
    expect(() => serializeDates({ range: [{ from: new Date(Number.NaN) }] }, 'body')).toThrow(
      'Invalid Date at body.range[0].from',
    )
  })

  it('leaves non-plain objects alone and refuses cycles', () => {
    const params = new URLSearchParams('a=1')
    expect(serializeDates({ params }).params).toBe(params)
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(() => serializeDates(cyclic)).toThrow('Cyclic value at value.self')
  })

  it('allows the same object twice when it is not a cycle', () => {
    const shared = { at: new Date('2026-01-01T00:00:00Z') }
    expect(serializeDates({ a: shared, b: shared })).toEqual({
      a: { at: '2026-01-01' },
      b: { at: '2026-01-01' },
    })
  })
})
