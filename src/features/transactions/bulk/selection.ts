import { useRef, useState } from 'react'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import type { TransactionListParams } from '../list-params'

/** At most this many transactions are selected at once ("Select all matching" stops there). */
export const MAX_SELECTION = 500

/**
 * The rows between the anchor (the last row clicked) and the target, both included, in the order the
 * page shows them; the target alone when the anchor is not on this page.
 */
export function rangeBetween<T extends { id: string }>(
  rows: readonly T[],
  anchor: string | null,
  target: string,
): T[] {
  const end = rows.findIndex((row) => row.id === target)
  if (end === -1) return []
  const start = anchor === null ? -1 : rows.findIndex((row) => row.id === anchor)
  if (start === -1) return rows.slice(end, end + 1)
  return rows.slice(Math.min(start, end), Math.max(start, end) + 1)
}

/** Whether none, some or all of a page's rows are selected (the header checkbox). */
export function pageSelection(
  rows: readonly { id: string }[],
  selected: ReadonlyMap<string, unknown>,
): 'none' | 'some' | 'all' {
  const count = rows.filter((row) => selected.has(row.id)).length
  if (count === 0) return 'none'
  return count === rows.length ? 'all' : 'some'
}

/**
 * The selection with `rows` selected (or unselected), at most MAX_SELECTION rows: rows past the limit
 * are not added.
 */
export function withRows(
  selected: ReadonlyMap<string, TransactionListItem>,
  rows: readonly TransactionListItem[],
  select: boolean,
): Map<string, TransactionListItem> {
  const next = new Map(selected)
  for (const row of rows) {
    if (!select) next.delete(row.id)
    else if (next.size < MAX_SELECTION || next.has(row.id)) next.set(row.id, row)
  }
  return next
}

/**
 * What a selection belongs to: the merchant and the filters. The page, its size and the sort only show
 * the same rows differently, so a selection outlives them.
 */
export function selectionScope(merchantId: string, params: TransactionListParams): string {
  const { needsAction, search, searchType, status, programIds, from, to } = params
  return JSON.stringify([merchantId, needsAction, search, searchType, status, programIds, from, to])
}

export interface BulkSelection {
  /** The selected rows, by id, in the order they were selected. */
  items: ReadonlyMap<string, TransactionListItem>
  /** True when the filters changed since rows were last selected, which cleared them. */
  clearedByFilters: boolean
  /** A row's checkbox: Shift selects (or unselects) the range from the row clicked before. */
  toggle(rows: readonly TransactionListItem[], item: TransactionListItem, range: boolean): void
  /** The header's checkbox: the whole page, or none of it. */
  togglePage(rows: readonly TransactionListItem[]): void
  add(rows: readonly TransactionListItem[]): void
  remove(ids: readonly string[]): void
  clear(): void
}

interface State {
  scope: string
  items: ReadonlyMap<string, TransactionListItem>
  anchor: string | null
  cleared: boolean
}

const EMPTY: ReadonlyMap<string, TransactionListItem> = new Map()

/**
 * The rows selected for a bulk action. The selection lives while `scope` (the merchant and the filters,
 * not the page, its size or the sort) stays the same: it survives paging, and a change of filters clears
 * it (and says so, through `clearedByFilters`), since rows selected under other filters are no longer
 * the ones listed. Its functions keep their identity, so the memoized rows do not render again for them.
 */
export function useBulkSelection(scope: string): BulkSelection {
  const [state, setState] = useState<State>({ scope, items: EMPTY, anchor: null, cleared: false })
  const current: State =
    state.scope === scope
      ? state
      : { scope, items: EMPTY, anchor: null, cleared: state.items.size > 0 || state.cleared }
  const latest = useRef(current)
  latest.current = current
  const [changes] = useState(() => {
    const change = (next: (state: State) => Partial<State>) => {
      latest.current = { ...latest.current, cleared: false, ...next(latest.current) }
      setState(latest.current)
    }
    return {
      toggle: (rows: readonly TransactionListItem[], item: TransactionListItem, range: boolean) =>
        change(({ items, anchor }) => ({
          items: withRows(items, range ? rangeBetween(rows, anchor, item.id) : [item], !items.has(item.id)),
          anchor: item.id,
        })),
      togglePage: (rows: readonly TransactionListItem[]) =>
        change(({ items }) => ({ items: withRows(items, rows, pageSelection(rows, items) !== 'all') })),
      add: (rows: readonly TransactionListItem[]) =>
        change(({ items }) => ({ items: withRows(items, rows, true) })),
      remove: (ids: readonly string[]) =>
        change(({ items }) => ({ items: new Map([...items].filter(([id]) => !ids.includes(id))) })),
      clear: () => change(() => ({ items: EMPTY, anchor: null })),
    }
  })
  return { ...changes, items: current.items, clearedByFilters: current.cleared }
}
