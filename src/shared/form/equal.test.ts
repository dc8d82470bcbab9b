import { describe, expect, it } from 'vitest'
import { isEqualValue } from './equal'

describe('isEqualValue', () => {
  it('compares form values structurally', () => {
    expect(isEqualValue({ a: '1', b: [{ c: true }] }, { b: [{ c: true }], a: '1' })).toBe(true)
    expect(isEqualValue({ a: '1' }, { a: '1', b: undefined })).toBe(false)
    expect(isEqualValue(['x', 'y'], ['y', 'x'])).toBe(false)
    expect(isEqualValue({ a: [] }, { a: {} })).toBe(false)
    expect(isEqualValue(null, {})).toBe(false)
    expect(isEqualValue(Number.NaN, Number.NaN)).toBe(true)
  })
})
