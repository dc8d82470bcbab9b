import {
  NEEDS_ACTION_DAYS,
  type NeedsActionSummary,
  type SortDirection,
  type StatusSummary,
  TRANSACTION_STATUSES,
  type TransactionSearchType,
  type TransactionSortField,
  type TransactionStatus,
} from '../../contract/transactions'
import { dayRangeIn } from '../shared/calendar'
import { deadlinePassed } from './transactions-disputes'
import type { MerchantLedger, TransactionRecord } from './transactions-ledger'

/*
 * The list's filters, search, sort and summaries over a merchant's ledger. Sorting walks orders built
 * once per field, so a filtered, sorted page over Acme's 50 000 takes a few milliseconds. The rows
 * that need action all have a deadline still to come, so the needs-action view sorted by deadline
 * walks only those (a few hundred of Acme's 50 000).
 */

const STATUS_RANK = new Map(TRANSACTION_STATUSES.map((status, rank) => [status, rank]))
const DAY = 24 * 60 * 60 * 1000

/** A row's next deadline: `respondBy` for a dispute awaiting a response, `expiresAt` for an open authorization. */
export function deadlineOf(record: TransactionRecord): number | null {
  if (record.dispute?.status === 'NEEDS_RESPONSE') return record.dispute.respondBy
  return record.status === 'AUTHORIZED' ? record.expiresAt : null
}

/** Why a row needs the merchant's action at `now`, if it does (NeedsActionSummarySchema). */
function needsActionOf(record: TransactionRecord, now: number): 'authorization' | 'dispute' | null {
  const { dispute } = record
  if (dispute?.status === 'NEEDS_RESPONSE' && !deadlinePassed(dispute, now)) return 'dispute'
  const lapsesIn = record.expiresAt - now
  return record.status === 'AUTHORIZED' && lapsesIn > 0 && lapsesIn <= NEEDS_ACTION_DAYS * DAY
    ? 'authorization'
    : null
}

/** Every status and deadline sort order is stale once an action changed a record: built again when asked. */
export function sortKeysChanged(ledger: MerchantLedger): void {
  ledger.orders.delete('status')
  ledger.orders.delete('deadline')
}

/** Rows of a deadline order, marked by record index, so that the rows without one are walked apart. */
const datedRows = new WeakMap<Int32Array, Uint8Array>()

/** The records that have a deadline, by ascending deadline (ties newest first). */
function deadlineOrder(ledger: MerchantLedger): { order: Int32Array; dated: Uint8Array } {
  const cached = ledger.orders.get('deadline')
  const cachedDated = cached && datedRows.get(cached)
  if (cached && cachedDated) return { order: cached, dated: cachedDated }
  const { records } = ledger
  const keys = new Float64Array(records.length)
  const dated = new Uint8Array(records.length)
  const indexes: number[] = []
  records.forEach((record, index) => {
    const deadline = deadlineOf(record)
    if (deadline === null) return
    keys[index] = deadline
    dated[index] = 1
    indexes.push(index)
  })
  const order = Int32Array.from(indexes)
  order.sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b)
  ledger.orders.set('deadline', order)
  datedRows.set(order, dated)
  return { order, dated }
}

/** The first position of `order` whose deadline is after `now`. */
function firstDeadlineAfter(ledger: MerchantLedger, order: Int32Array, now: number): number {
  let low = 0
  let high = order.length
  while (low < high) {
    const middle = (low + high) >> 1
    const record = ledger.records[order[middle] as number] as TransactionRecord
    if ((deadlineOf(record) ?? Number.POSITIVE_INFINITY) <= now) low = middle + 1
    else high = middle
  }
  return low
}

function ascendingOrder(
  ledger: MerchantLedger,
  field: Exclude<TransactionSortField, 'createdAt' | 'deadline'>,
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
  /** Only the rows that need action (NeedsActionSummarySchema). */
  needsAction: boolean
  sort: TransactionSortField
  direction: SortDirection
  offset: number
  limit: number
  /** The platform's clock: what needs action depends on it. */
  now: number
}

export interface ListResult {
  items: TransactionRecord[]
  total: number
  summary: StatusSummary[]
  needsAction: NeedsActionSummary
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
  const needsAction = { count: 0, authorizations: 0, disputes: 0 }
  let total = 0

  const visit = (index: number) => {
    const record = records[index] as TransactionRecord
    if (record.createdAt < start || record.createdAt >= end) return
    if (statuses && !statuses.has(record.status)) return
    if (programIDs && !programIDs.has(record.programID)) return
    if (!matches(record)) return
    const due = needsActionOf(record, query.now)
    if (query.needsAction && due === null) return
    if (due === 'authorization') needsAction.authorizations += 1
    if (due === 'dispute') needsAction.disputes += 1
    const rank = STATUS_RANK.get(record.status) ?? 0
    counts[rank] = (counts[rank] ?? 0) + 1
    totals[rank] = (totals[rank] ?? 0) + record.authorized
    if (total >= offset && total < offset + limit) items.push(record)
    total += 1
  }

  const ascending = query.direction === 'asc'
  if (query.sort === 'createdAt') {
    if (query.direction === 'desc') for (let i = 0; i < records.length; i++) visit(i)
    else for (let i = records.length - 1; i >= 0; i--) visit(i)
  } else if (query.sort === 'deadline') {
    const { order, dated } = deadlineOrder(ledger)
    // A row needing action has a deadline still to come: the needs-action view skips every other row.
    const first = query.needsAction ? firstDeadlineAfter(ledger, order, query.now) : 0
    if (ascending) for (let i = first; i < order.length; i++) visit(order[i] as number)
    else for (let i = order.length - 1; i >= first; i--) visit(order[i] as number)
    // Rows without a deadline come last either way, newest first.
    if (!query.needsAction) for (let i = 0; i < records.length; i++) if (dated[i] === 0) visit(i)
  } else {
    const order = ascendingOrder(ledger, query.sort)
    if (query.direction === 'asc') for (let i = 0; i < order.length; i++) visit(order[i] as number)
    else for (let i = order.length - 1; i >= 0; i--) visit(order[i] as number)
  }

  const summary = TRANSACTION_STATUSES.flatMap((status, rank) =>
    (counts[rank] ?? 0) > 0 ? [{ status, count: counts[rank] ?? 0, total: totals[rank] ?? 0 }] : [],
  )
  needsAction.count = needsAction.authorizations + needsAction.disputes
  return { items, total, summary, needsAction }
}
