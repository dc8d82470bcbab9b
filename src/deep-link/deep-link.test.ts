import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { deepLinkSearchEntries, isDeepLink, readDeepLink, settleDeepLink } from './deep-link'

const MERCHANT = '20000000-0000-4000-8000-000000000001'
const WIDENED = { from: '02/28/2026', to: '03/02/2026' }

describe('isDeepLink', () => {
  it.each([true, 'true'])('is a deep link with isDeepLink=%j', (flag) => {
    expect(isDeepLink({ isDeepLink: flag })).toBe(true)
  })

  it.each([false, 'false', undefined, 'TRUE', 'yes', 1, '1', null, ['true'], { value: true }])(
    'is no deep link with isDeepLink=%j',
    (flag) => {
      expect(isDeepLink({ isDeepLink: flag })).toBe(false)
    },
  )
})

describe('readDeepLink', () => {
  it('reads the merchant and widens the day of a deep link', () => {
    expect(readDeepLink({ isDeepLink: true, merchantID: MERCHANT, date: '2026-03-01' })).toEqual({
      merchantId: MERCHANT,
      range: WIDENED,
    })
    expect(readDeepLink({ isDeepLink: 'true', date: '03/01/2026' })).toEqual({
      merchantId: null,
      range: WIDENED,
    })
  })

  it.each([false, 'false', undefined, 'maybe'])(
    'ignores merchantID and date when isDeepLink is %j',
    (flag) => {
      expect(readDeepLink({ isDeepLink: flag, merchantID: MERCHANT, date: '2026-03-01' })).toBeNull()
    },
  )

  it.each([
    ['a UUID', MERCHANT, MERCHANT],
    ['a name-like id', 'acme-outdoor', 'acme-outdoor'],
    ['an id with spaces around it', '  m_42  ', 'm_42'],
    ['an all-digit id the router read as a number', 12345, '12345'],
    ['an id of 100 characters', 'm'.repeat(100), 'm'.repeat(100)],
  ])('takes %s as an opaque merchant id', (_name, merchantID, expected) => {
    expect(readDeepLink({ isDeepLink: true, merchantID })?.merchantId).toBe(expected)
  })

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['longer than 100 characters', 'm'.repeat(101)],
    ['a list', [MERCHANT]],
    ['an object', { id: MERCHANT }],
    ['a boolean', true],
  ])('names no merchant when merchantID is %s, and keeps the link', (_name, merchantID) => {
    expect(readDeepLink({ isDeepLink: true, merchantID, date: '2026-03-01' })).toEqual({
      merchantId: null,
      range: WIDENED,
    })
  })

  it.each([undefined, '', 'yesterday', '2026-02-30', '13/01/2026', '2026/03/01', 20260301, ['2026-03-01']])(
    'adds no range for date=%j',
    (date) => {
      expect(readDeepLink({ isDeepLink: true, merchantID: MERCHANT, date })).toEqual({
        merchantId: MERCHANT,
        range: null,
      })
    },
  )
})

describe('settleDeepLink', () => {
  it("keeps the link's filters as ordinary ones and drops what it commanded", () => {
    const opened = {
      isDeepLink: true,
      search: 'TX-1',
      searchType: 'Order',
      merchantID: MERCHANT,
      date: '2026-03-01',
      page: 2,
    }
    expect(settleDeepLink(opened)).toEqual({ search: 'TX-1', searchType: 'Order', page: 2, ...WIDENED })
  })

  it('keeps a range the address names itself over the link’s day', () => {
    expect(
      settleDeepLink({ isDeepLink: 'true', date: '2026-03-01', from: '01/01/2026', to: '01/31/2026' }),
    ).toEqual({ from: '01/01/2026', to: '01/31/2026' })
    expect(settleDeepLink({ isDeepLink: true, date: '2026-03-01', to: '03/10/2026' })).toEqual({
      from: '02/28/2026',
      to: '03/10/2026',
    })
  })

  it('drops a day that is no day, and the link parameters of an address that is no deep link', () => {
    expect(settleDeepLink({ isDeepLink: true, merchantID: MERCHANT, date: 'soon' })).toEqual({})
    expect(
      settleDeepLink({ isDeepLink: false, search: 'TX-1', merchantID: MERCHANT, date: '2026-03-01' }),
    ).toEqual({ search: 'TX-1' })
  })

  it('leaves an address without link parameters as it is', () => {
    expect(settleDeepLink({ search: 'TX-1', from: '01/01/2026' })).toEqual({
      search: 'TX-1',
      from: '01/01/2026',
    })
  })
})

describe('deepLinkSearchEntries', () => {
  const schema = v.object(deepLinkSearchEntries)

  it('keeps well-formed parameters and loses each bad one on its own', () => {
    expect(v.parse(schema, { isDeepLink: 'true', merchantID: ' acme ', date: '2026-03-01' })).toEqual({
      isDeepLink: 'true',
      merchantID: 'acme',
      date: '2026-03-01',
    })
    expect(v.parse(schema, { isDeepLink: 'maybe', merchantID: '', date: { day: 1 } })).toEqual({
      isDeepLink: undefined,
      merchantID: undefined,
      date: undefined,
    })
  })
})
