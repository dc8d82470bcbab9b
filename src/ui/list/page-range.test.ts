import { describe, expect, it } from 'vitest'
import { pageRange } from './page-range'

describe('pageRange', () => {
  it('places a full page and the short last page', () => {
    expect(pageRange({ page: 2, pageSize: 25 }, 312)).toEqual({
      first: 26,
      last: 50,
      total: 312,
      pageCount: 13,
    })
    expect(pageRange({ page: 13, pageSize: 25 }, 312)).toEqual({
      first: 301,
      last: 312,
      total: 312,
      pageCount: 13,
    })
  })

  it('has one page when everything fits, exactly or not', () => {
    expect(pageRange({ page: 1, pageSize: 25 }, 25)).toEqual({ first: 1, last: 25, total: 25, pageCount: 1 })
    expect(pageRange({ page: 1, pageSize: 25 }, 3)).toEqual({ first: 1, last: 3, total: 3, pageCount: 1 })
  })

  it('counts an empty list as one page with nothing on it', () => {
    expect(pageRange({ page: 1, pageSize: 25 }, 0)).toEqual({ first: 0, last: 0, total: 0, pageCount: 1 })
    expect(pageRange({ page: 4, pageSize: 25 }, 0)).toEqual({ first: 0, last: 0, total: 0, pageCount: 1 })
  })
})
