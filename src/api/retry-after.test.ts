import { describe, expect, it } from 'vitest'
import { retryAfterMs } from './retry-after'

const now = Date.parse('2026-10-21T07:28:00Z')

describe('Retry-After', () => {
  it.each([
    ['seconds', '6', 6_000],
    ['zero seconds', '0', 0],
    ['seconds with spaces around', ' 12 ', 12_000],
    ['a date 90 s ahead', 'Wed, 21 Oct 2026 07:29:30 GMT', 90_000],
    ['a date already past', 'Wed, 21 Oct 2026 07:00:00 GMT', 0],
  ])('reads %s', (_name, header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected)
  })

  it.each([
    ['no header', null],
    ['an empty one', ''],
    ['a negative number', '-5'],
    ['a fraction', '1.5'],
    ['words', 'soon'],
    ['a date without its zone', '2026-10-21 07:29:30'],
  ])('means nothing with %s', (_name, header) => {
    expect(retryAfterMs(header, now)).toBeUndefined()
  })
})
