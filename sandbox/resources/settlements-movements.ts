import type { SettlementEntryType } from '../../contract/settlements'
import type { MerchantLedger, TransactionRecord } from './transactions-ledger'

/*
 * The settlements and refunds of a ledger, as the settlement reports read them. Speed: a ledger's
 * generated settlements and refunds are sorted by instant once; a call then reads only those in its
 * range, and the day of each is found by binary search over the range's day starts (at most 101),
 * never by formatting dates.
 */

export interface Movement {
  record: TransactionRecord
  type: SettlementEntryType
  at: number
  amount: number
}

/**
 * The settlements and refunds that happened before the anchor, sorted by instant (ties in ledger
 * order). They never change, so each ledger's are sorted once; actions made through the API since
 * are few and are read from the records on every call.
 */
interface HistoryIndex {
  at: Float64Array
  record: Int32Array
  /** -1 for the settlement, else the refund's index in `history.refunds`. */
  refund: Int32Array
}

const historyIndexes = new WeakMap<MerchantLedger, HistoryIndex>()

function historyIndex(ledger: MerchantLedger): HistoryIndex {
  const known = historyIndexes.get(ledger)
  if (known) return known
  const at: number[] = []
  const record: number[] = []
  const refund: number[] = []
  ledger.records.forEach((entry, index) => {
    const past = entry.history
    if (past.settledAt > 0) {
      at.push(past.settledAt)
      record.push(index)
      refund.push(-1)
    }
    past.refunds?.forEach((event, which) => {
      at.push(event.at)
      record.push(index)
      refund.push(which)
    })
  })
  const order = Int32Array.from(at, (_, index) => index)
  order.sort((a, b) => (at[a] as number) - (at[b] as number) || (record[a] as number) - (record[b] as number))
  const built: HistoryIndex = {
    at: Float64Array.from(order, (index) => at[index] as number),
    record: Int32Array.from(order, (index) => record[index] as number),
    refund: Int32Array.from(order, (index) => refund[index] as number),
  }
  historyIndexes.set(ledger, built)
  return built
}

/** Every settlement and refund of the ledger whose instant is in [start, end), oldest first. */
export function movementsIn(
  ledger: MerchantLedger,
  start: number,
  end: number,
  visit: (m: Movement) => void,
): void {
  const index = historyIndex(ledger)
  let low = 0
  let high = index.at.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((index.at[middle] as number) < start) low = middle + 1
    else high = middle
  }
  for (let i = low; i < index.at.length && (index.at[i] as number) < end; i++) {
    const record = ledger.records[index.record[i] as number] as TransactionRecord
    const which = index.refund[i] as number
    const refund = which >= 0 ? record.history.refunds?.[which] : undefined
    if (refund) visit({ record, type: 'REFUNDED', at: refund.at, amount: refund.amount })
    else visit({ record, type: 'SETTLED', at: record.history.settledAt, amount: record.history.settled })
  }
  // Actions through the API happen at "now", after every generated instant.
  for (let r = ledger.records.length - 1; r >= 0; r--) {
    const record = ledger.records[r] as TransactionRecord
    if (record.actions === null) continue
    for (const action of record.actions) {
      if (
        (action.type === 'SETTLED' || action.type === 'REFUNDED') &&
        action.at >= start &&
        action.at < end
      ) {
        visit({ record, type: action.type, at: action.at, amount: action.amount })
      }
    }
  }
}
