import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { insightsParams, insightsSearchSchema, presetOf } from './search'

const DENVER = 'America/Denver'
// 10:00 on 2026-03-31 in Denver (UTC−6 after the change of March 8).
const NOW = Date.parse('2026-03-31T16:00:00Z')
const read = (search: Record<string, unknown>) => v.parse(insightsSearchSchema, search)

describe('the insights URL', () => {
  it('defaults to the last 30 days by day, counted from the merchant’s today', () => {
    const search = read({})
    expect(search).toEqual({ range: 'last30', interval: 'day' })
    expect(insightsParams(search, DENVER, NOW)).toEqual({
      from: '2026-03-02',
      to: '2026-03-31',
      interval: 'day',
    })
  })

  it('reads this month to the last day of a month', () => {
    expect(insightsParams(read({ range: 'thisMonth', interval: 'week' }), DENVER, NOW)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      interval: 'week',
    })
  })

  it('lets custom dates win over a named period, reading a backwards range forwards', () => {
    const search = read({ range: 'last7', from: '03/09/2026', to: '02/28/2026' })
    expect(presetOf(search)).toBeNull()
    expect(insightsParams(search, DENVER, NOW)).toEqual({
      from: '2026-02-28',
      to: '2026-03-09',
      interval: 'day',
    })
  })

  it('drops bad values one by one, and cuts a range longer than the platform allows', () => {
    const search = read({ range: 'forever', interval: 'hour', from: '02/30/2026', to: '03/01/2026' })
    expect(search).toEqual({ range: 'last30', interval: 'day', from: undefined, to: '03/01/2026' })
    // A lone date is not a range: the named period applies.
    expect(presetOf(search)).toBe('last30')
    expect(insightsParams(read({ from: '01/01/2020', to: '03/31/2026' }), DENVER, NOW)).toEqual({
      from: '2024-03-31',
      to: '2026-03-31',
      interval: 'day',
    })
  })
})
