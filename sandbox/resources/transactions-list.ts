import {
  type SortDirection,
  type StatusSummary,
  TRANSACTION_STATUSES,
  type TransactionSearchType,
  type TransactionSortField,
  type TransactionStatus,
} from '../../contract/transactions'
import { dayRangeIn } from '../shared/calendar'
import type { MerchantLedger, TransactionRecord } from './transactions-ledger'

/*
 * The list's filters, search, sort and per-status summary over a merchant's ledger. Sorting walks
 * orders built once per field, so a filtered, sorted page over Acme's 50 000 takes a few milliseconds.
 */

const STATUS_RANK = new Map(TRANSACTION_STATUSES.map((status, rank) => [status, rank]))

/** Every status sort order is stale once an action changed a record: built again when asked. */
export function sortKeysChanged(ledger: MerchantLedger): void {
  ledger.orders.delete('status')
}

function ascendingOrder(
  ledger: MerchantLedger,
  field: Exclude<TransactionSortField, 'createdAt'>,
): Int32Array {
  const cached = ledger.orders.get(field)
  if (cached) return cached
  const { records } = ledger
  const keys = new Float64Array(records.length)
  if (field === 'customer') {
    // Names repeat a lot: ranking the distinct ones once turns 50 000 string comparisons into numbers.
    const names = [...new Set(records.map((record) => record.customerKey))].sort()
    const rank = new Map(names.map((name, index) => [name, index]))
    records.forEach((record, index) => {
      keys[index] = rank.get(record.customerKey) ?? 0
    })
  } else {
    records.forEach((record, index) => {
      keys[index] = field === 'amount' ? record.authorized : (STATUS_RANK.get(record.status) ?? 0)
    })
  }
  const order = Int32Array.from(records, (_, index) => index)
  // Ties keep the newest first, so every sort is stable and pages never overlap.
  order.sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b)
  ledger.orders.set(field, order)
  return order
}

export interface ListQuery {
  search: string | null
  searchType: TransactionSearchType
  statuses: ReadonlySet<TransactionStatus> | null
  programIDs: ReadonlySet<string> | null
  from: string | null
  to: string | null
  sort: TransactionSortField
  direction: SortDirection
  offset: number
  limit: number
}

export interface ListResult {
  items: TransactionRecord[]
  total: number
  summary: StatusSummary[]
}

function matcher(query: ListQuery): ((record: TransactionRecord) => boolean) | null {
  const { search, searchType } = query
  if (search === null || search === '') return () => true
  switch (searchType) {
    case 'Transaction': {
      const term = search.toUpperCase()
      return (record) => record.id.includes(term)
    }
    case 'Order': {
      const term = search.toUpperCase()
      return (record) => record.orderId.includes(term)
    }
    case 'CustomerName': {
      const term = search.toLowerCase()
      return (record) => record.customerKey.includes(term)
    }
    case 'CustomerEmail': {
      const term = search.toLowerCase()
      return (record) => record.customerEmail.includes(term)
    }
    case 'Amount': {
      const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(search)
      if (!match) return null
      const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
      return (record) => record.authorized === cents
    }
  }
}

/** One page of the filtered, sorted list with its per-status summary; null when the search is not valid. */
export function listTransactions(ledger: MerchantLedger, query: ListQuery): ListResult | null {
  const matches = matcher(query)
  if (!matches) return null
  const { start, end } = dayRangeIn(query.from, query.to, ledger.timeZone)
  const { records } = ledger
  const { statuses, programIDs, offset, limit } = query
  const counts = new Array<number>(TRANSACTION_STATUSES.length).fill(0)
  const totals = new Array<number>(TRANSACTION_STATUSES.length).fill(0)
  const items: TransactionRecord[] = []
  let total = 0

  const visit = (index: number) => {
    const record = records[index] as TransactionRecord
    if (record.createdAt < start || record.createdAt >= end) return
    if (statuses && !statuses.has(record.status)) return
    if (programIDs && !programIDs.has(record.programID)) return
    if (!matches(record)) return
    const rank = STATUS_RANK.get(record.status) ?? 0
    counts[rank] = (counts[rank] ?? 0) + 1
    totals[rank] = (totals[rank] ?? 0) + record.authorized
    if (total >= offset && total < offset + limit) items.push(record)
    total += 1
  }

  if (query.sort === 'createdAt') {
    if (query.direction === 'desc') for (let i = 0; i < records.length; i++) visit(i)
    else for (let i = records.length - 1; i >= 0; i--) visit(i)
  } else {
    const order = ascendingOrder(ledger, query.sort)
    if (query.direction === 'asc') for (let i = 0; i < order.length; i++) visit(order[i] as number)
    else for (let i = order.length - 1; i >= 0; i--) visit(order[i] as number)
  }

  const summary = TRANSACTION_STATUSES.flatMap((status, rank) =>
    (counts[rank] ?? 0) > 0 ? [{ status, count: counts[rank] ?? 0, total: totals[rank] ?? 0 }] : [],
  )
  return { items, total, summary }
}
