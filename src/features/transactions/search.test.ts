import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { activeFilterCount, filtersFromSearch, hasFilters, listParamsFromSearch } from './list-params'
import {
  canonicalSearch,
  needsActionSearch,
  programsParam,
  resetSearch,
  SEARCH_DEFAULTS,
  stripSearchDefaults,
  type TransactionSearch,
  transactionSearchSchema,
  visibleColumns,
} from './search'

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

  it("reads the chosen columns in the table's order, keeping only known ones", () => {
    expect(parse({}).columns).toBeUndefined()
    expect(parse({ columns: ['program', 'orderId'] }).columns).toEqual(['orderId', 'program'])
    expect(parse({ columns: 'program,nope' }).columns).toEqual(['program'])
    expect(parse({ columns: ['nope'] }).columns).toBeUndefined()
    expect(parse({ columns: 42 }).columns).toBeUndefined()
  })

  it('shows Order ID while searching for an order, besides the chosen columns', () => {
    expect(visibleColumns(parse({}))).toEqual([])
    expect(visibleColumns(parse({ columns: ['program'] }))).toEqual(['program'])
    expect(visibleColumns(parse({ searchType: 'Order', search: 'AO-1' }))).toEqual(['orderId'])
    expect(visibleColumns(parse({ searchType: 'Order', columns: ['program'] }))).toEqual(['program'])
    expect(visibleColumns(parse({ searchType: 'Transaction', search: 'TX-1' }))).toEqual([])
  })

  it('keeps numeric searches as text', () => {
    expect(parse({ search: 12345 }).search).toBe('12345')
  })

  it('drops only the bad values of a link', () => {
    const search = parse({
      search: 'ok',
      merchantID: '   ',
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
    const search = parse({ isDeepLink: true, date: '2026-03-01', from: '01/01/2026', to: '01/31/2026' })
    expect(filtersFromSearch(search)).toMatchObject({ from: '01/01/2026', to: '01/31/2026' })
  })

  it.each([{ isDeepLink: false }, { isDeepLink: 'false' }, {}])(
    'reads no date from an address that is no deep link (%j), and drops what only a link means',
    (flag) => {
      const search = parse({ ...flag, search: 'TX-1', merchantID: 'acme', date: '2026-03-01' })
      expect(filtersFromSearch(search)).toMatchObject({ search: 'TX-1', from: null, to: null })
      const settled = canonicalSearch(search, [], [])
      expect(settled?.search).toBe('TX-1')
      for (const name of ['isDeepLink', 'merchantID', 'date', 'from', 'to'])
        expect(settled).not.toHaveProperty(name)
    },
  )
})

describe('the full transaction URL', () => {
  const ecomm = '40000000-0000-4000-8000-000000000001'
  const instore = '40000000-0000-4000-8000-000000000002'

  it('has defaults the router strips, so a plain address is the default view', () => {
    expect(parse({})).toMatchObject({
      page: 1,
      pageSize: 25,
      sort: 'createdAt:desc',
      searchType: 'Transaction',
    })
    expect(SEARCH_DEFAULTS).toEqual({ searchType: 'Transaction', page: 1, pageSize: 25 })
  })

  it('round-trips every field through the URL encoding the router uses', () => {
    const search = parse({
      search: 'AO-10',
      searchType: 'Order',
      from: '03/01/2026',
      to: '03/31/2026',
      status: ['SETTLED', 'REFUNDED'],
      programs: [ecomm],
      page: 3,
      pageSize: 50,
      sort: 'amount:asc',
      tx: 'TX-7K2M9Q4P',
    })
    // TanStack Router writes non-string values as JSON and reads them back the same way.
    const encoded = Object.fromEntries(
      Object.entries(search).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    )
    const decoded = Object.fromEntries(
      Object.entries(encoded).map(([key, value]) => {
        try {
          return [key, JSON.parse(value)]
        } catch {
          return [key, value]
        }
      }),
    )
    expect(parse(decoded)).toEqual(search)
  })

  it.each([
    ['page', 0, 1],
    ['page', -2, 1],
    ['page', 1.5, 1],
    ['page', '4', 4],
    ['page', 'x', 1],
    ['pageSize', 30, 25],
    ['pageSize', '100', 100],
    ['sort', 'price:asc', 'createdAt:desc'],
    ['sort', 'customer:asc', 'customer:asc'],
    ['searchType', 'Amount', 'Amount'],
    ['from', '02/30/2026', undefined],
    ['to', '2026-03-01', undefined],
    ['tx', 'tx-1', undefined],
    ['tx', 'TX-7K2M9Q4P', 'TX-7K2M9Q4P'],
  ] as const)('reads %s=%j as %j', (key, value, expected) => {
    expect(parse({ [key]: value })[key]).toEqual(expected)
  })

  it('keeps only the known values of a list, and reads a hand-typed comma list', () => {
    expect(parse({ status: ['SETTLED', 'LOST', 'SETTLED', 7] }).status).toEqual(['SETTLED'])
    expect(parse({ status: 'SETTLED,REFUNDED' }).status).toEqual(['SETTLED', 'REFUNDED'])
    expect(parse({ status: ['LOST'] }).status).toBeUndefined()
    expect(parse({ status: { a: 1 } }).status).toBeUndefined()
    // Program ids are opaque: any id-like text is kept, anything else is left out.
    expect(parse({ programs: [ecomm, 'prog_42', 'not an id', 7] }).programs).toEqual([ecomm, 'prog_42'])
  })

  it('reads statuses whatever their case and gives them back in their canonical spelling', () => {
    expect(parse({ status: ['settled', 'Refunded'] }).status).toEqual(['SETTLED', 'REFUNDED'])
    expect(parse({ status: 'partially_settled' }).status).toEqual(['PARTIALLY_SETTLED'])
  })

  it('turns the URL into list parameters in one canonical order', () => {
    const params = listParamsFromSearch(
      parse({
        status: ['REFUNDED', 'SETTLED'],
        programs: [instore, ecomm],
        from: '03/31/2026',
        to: '03/01/2026',
      }),
    )
    expect(params).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'createdAt:desc',
      needsAction: false,
      search: null,
      searchType: 'Transaction',
      status: ['SETTLED', 'REFUNDED'],
      programIds: [ecomm, instore],
      // A backwards range still means the days between the two dates.
      from: '2026-03-01',
      to: '2026-03-31',
    })
  })

  it('sends an amount search as an amount, and no search when it is not one', () => {
    expect(listParamsFromSearch(parse({ search: '$1,250.5', searchType: 'Amount' })).search).toBe('1250.50')
    expect(listParamsFromSearch(parse({ search: 'lots', searchType: 'Amount' })).search).toBeNull()
    expect(listParamsFromSearch(parse({ search: '  ' })).search).toBeNull()
  })

  it('settles a deep link into plain filters, and writes the stored program selection into the URL', () => {
    const all = [ecomm, instore]
    const deepLink = parse({
      isDeepLink: 'true',
      search: 'TX-7K2M9Q4P',
      merchantID: '20000000-0000-4000-8000-000000000001',
      date: '2026-01-01',
    })
    expect(canonicalSearch(deepLink, all, all)).toMatchObject({
      search: 'TX-7K2M9Q4P',
      searchType: 'Transaction',
      from: '12/31/2025',
      to: '01/02/2026',
      programs: undefined,
    })
    expect(canonicalSearch(deepLink, all, all)).not.toHaveProperty('isDeepLink')
    expect(canonicalSearch(parse({}), all, all)).toBeNull()
    expect(canonicalSearch(parse({}), all, [instore])).toMatchObject({ programs: [instore] })
    expect(canonicalSearch(parse({ programs: [instore] }), all, all)).toBeNull()
    // Every program, or none, is no program filter; unknown ids are dropped.
    expect(canonicalSearch(parse({ programs: [instore, ecomm] }), all, all)).toMatchObject({
      programs: undefined,
    })
    expect(programsParam([], all)).toBeUndefined()
    expect(programsParam(['40000000-0000-4000-8000-000000000099', instore], all)).toEqual([instore])
  })

  it('knows when filters are set, and resets them keeping the page size, sort and columns', () => {
    expect(hasFilters(parse({ page: 4, sort: 'amount:asc' }))).toBe(false)
    expect(hasFilters(parse({ status: ['SETTLED'] }))).toBe(true)
    expect(hasFilters(parse({ isDeepLink: true, date: '2026-03-01' }))).toBe(true)
    expect(hasFilters(parse({ date: '2026-03-01' }))).toBe(false)
    expect(resetSearch(parse({ search: 'x', pageSize: 100, sort: 'amount:asc', page: 9 }))).toEqual({
      pageSize: 100,
      sort: 'amount:asc',
    })
    expect(hasFilters(parse({ columns: ['orderId'] }))).toBe(false)
    expect(resetSearch(parse({ search: 'x', columns: ['program'] }))).toEqual({
      pageSize: 25,
      sort: 'createdAt:desc',
      columns: ['program'],
    })
  })
})

describe('the needs-action view', () => {
  it.each([
    [true, true],
    ['true', true],
    [false, undefined],
    ['yes', undefined],
    [1, undefined],
    [['true'], undefined],
  ] as const)('reads needsAction=%j as %j, dropping anything else', (value, expected) => {
    expect(parse({ needsAction: value }).needsAction).toBe(expected)
  })

  it('sorts by deadline, nearest first, unless the URL names another sort', () => {
    expect(parse({ needsAction: true }).sort).toBe('deadline:asc')
    expect(parse({ needsAction: true, sort: 'amount:desc' }).sort).toBe('amount:desc')
    expect(parse({ needsAction: 'nope' }).sort).toBe('createdAt:desc')
    expect(parse({ needsAction: true, sort: 'price:asc' }).sort).toBe('deadline:asc')
  })

  it('asks the platform for the rows that need action alone', () => {
    expect(listParamsFromSearch(parse({ needsAction: true }))).toMatchObject({
      needsAction: true,
      sort: 'deadline:asc',
    })
    expect(listParamsFromSearch(parse({})).needsAction).toBe(false)
  })

  it("leaves each view's default sort out of the address", () => {
    const strip = (next: Partial<TransactionSearch>) =>
      stripSearchDefaults({ search: parse({}), next: () => next as TransactionSearch })
    expect(strip({ needsAction: true, sort: 'deadline:asc', page: 1 })).toEqual({ needsAction: true })
    expect(strip({ sort: 'createdAt:desc' })).toEqual({})
    expect(strip({ sort: 'deadline:asc' })).toEqual({ sort: 'deadline:asc' })
    expect(strip({ needsAction: true, sort: 'createdAt:desc' })).toEqual({
      needsAction: true,
      sort: 'createdAt:desc',
    })
  })

  it('enters and leaves the view on its first page with its default sort, and Reset leaves it too', () => {
    expect(needsActionSearch(true)).toEqual({ needsAction: true, sort: undefined, page: 1 })
    expect(needsActionSearch(false)).toEqual({ needsAction: undefined, sort: undefined, page: 1 })
    expect(hasFilters(parse({ needsAction: true }))).toBe(true)
    expect(resetSearch(parse({ needsAction: true, sort: 'amount:asc' }))).toEqual({
      pageSize: 25,
      sort: undefined,
    })
  })

  it('counts the filter fields in use, the view not being one of them', () => {
    expect(activeFilterCount(parse({ needsAction: true, sort: 'amount:asc', page: 2 }))).toBe(0)
    expect(
      activeFilterCount(
        parse({ search: 'TX', from: '03/01/2026', to: '03/31/2026', status: ['SETTLED'], programs: ['p1'] }),
      ),
    ).toBe(4)
    expect(activeFilterCount(parse({ to: '03/31/2026', status: ['SETTLED'] }))).toBe(2)
  })
})
