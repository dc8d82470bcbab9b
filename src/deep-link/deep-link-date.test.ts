import { describe, expect, it } from 'vitest'
import { parseCalendarDate, widenDeepLinkDate } from './deep-link-date'

describe('widenDeepLinkDate', () => {
  it.each([
    ['2026-03-15', '03/14/2026', '03/16/2026'],
    ['03/15/2026', '03/14/2026', '03/16/2026'],
    ['2026-03-01', '02/28/2026', '03/02/2026'],
    ['2028-03-01', '02/29/2028', '03/02/2028'],
    ['2026-02-28', '02/27/2026', '03/01/2026'],
    ['2026-01-01', '12/31/2025', '01/02/2026'],
    ['12/31/2026', '12/30/2026', '01/01/2027'],
    ['2026-04-30', '04/29/2026', '05/01/2026'],
    // Around the US daylight-saving changes a day is 23 or 25 hours long; the range stays whole days.
    ['2026-03-08', '03/07/2026', '03/09/2026'],
    ['2026-11-01', '10/31/2026', '11/02/2026'],
  ])('widens %s to %s – %s', (value, from, to) => {
    expect(widenDeepLinkDate(value)).toEqual({ from, to })
  })

  it.each([
    '',
    'yesterday',
    '2026-02-30',
    '02/30/2026',
    '13/01/2026',
    '2026-3-5',
    '2026/03/05',
    '15/03/2026',
  ])('refuses %j', (value) => {
    expect(widenDeepLinkDate(value)).toBeNull()
    expect(parseCalendarDate(value)).toBeNull()
  })
})
