import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { filtersFromSearch, transactionSearchSchema } from './search'

const parse = (input: Record<string, unknown>) => v.parse(transactionSearchSchema, input)

describe('transaction search params', () => {
  it('defaults the search type to Transaction', () => {
    expect(parse({}).searchType).toBe('Transaction')
    expect(parse({ searchType: 'Nope' }).searchType).toBe('Transaction')
  })

  it('reads a deep link and widens its date', () => {
    const search = parse({
      isDeepLink: true,
      search: 'TX-1001',
      searchType: 'Order',
      merchantID: '0f8fad5b-d9cb-469f-a165-70867728950e',
      date: '2026-03-01',
    })
    expect(filtersFromSearch(search)).toEqual({
      search: 'TX-1001',
      searchType: 'Order',
      from: '02/28/2026',
      to: '03/02/2026',
    })
  })

  it('keeps numeric searches as text', () => {
    expect(parse({ search: 12345 }).search).toBe('12345')
  })

  it('drops only the bad values of a link', () => {
    const search = parse({
      search: 'ok',
      merchantID: 'acme',
      date: 'soon',
      from: '2026-01-01',
      isDeepLink: 'maybe',
    })
    expect(search).toMatchObject({
      search: 'ok',
      merchantID: undefined,
      from: undefined,
      isDeepLink: undefined,
    })
    expect(filtersFromSearch(search)).toMatchObject({ from: null, to: null })
  })

  it('prefers an explicit range over the deep-link date', () => {
    const search = parse({ date: '2026-03-01', from: '01/01/2026', to: '01/31/2026' })
    expect(filtersFromSearch(search)).toMatchObject({ from: '01/01/2026', to: '01/31/2026' })
  })
})
