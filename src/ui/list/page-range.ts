export interface PageRange {
  /** 1-based position of the page's first item; 0 when there are none. */
  first: number
  /** Position of the page's last item. */
  last: number
  total: number
  /** At least 1, so an empty list still has a page to be on. */
  pageCount: number
}

/** Where a page of `pageSize` items stands in a list of `total`. */
export function pageRange({ page, pageSize }: { page: number; pageSize: number }, total: number): PageRange {
  return {
    first: total === 0 ? 0 : (page - 1) * pageSize + 1,
    last: Math.min(total, page * pageSize),
    total,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  }
}
