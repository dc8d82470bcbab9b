import { Hono } from 'hono'
import type * as v from 'valibot'
import { ErrorBodySchema } from '../../contract/error'
import type { Channel } from '../../contract/programs'
import { SETTLEMENT_ID_PATTERN } from '../../contract/settlement-id'
import {
  SETTLEMENT_ENTRY_PAGE_LIMIT,
  SETTLEMENT_MAX_DAYS,
  SETTLEMENT_RANGE_TOO_LONG,
  SettlementEntryPageSchema,
  type SettlementEntrySchema,
  type SettlementEntryType,
  SettlementReportSchema,
  type SettlementSchema,
  type SettlementStatus,
} from '../../contract/settlements'
import {
  addDays,
  daysBetween,
  type IsoDate,
  parseIsoDate,
  startOfDayIn,
  todayIn,
} from '../../src/shared/calendar'
import type { ApiContext, ApiEnv } from '../api/env'
import { claimsOf, refuseNoMerchant, refuseQueriedMerchant } from '../api/guards'
import { readPage, sendError, sendValidated } from '../api/http'
import type { Random } from '../data/random'
import type { MerchantRecord } from './merchants'
import { defineResource } from './resource'
import type { MerchantLedger, TransactionRecord, TransactionsData } from './transactions'

/*
 * Settlements are read off the transactions resource's own ledgers on every call, so a settle or a
 * refund made through the API shows in today's batch at once. A batch is one calendar day in the
 * merchant's time zone (23 or 25 hours around daylight-saving changes): every settlement and refund
 * whose instant falls in that day, paid out on the next business day (Monday to Friday; the sandbox
 * knows no bank holidays). Fees are a per-program merchant discount rate drawn from the seed, charged
 * on settled amounts and not returned on refunds.
 *
 * Speed: a ledger's generated settlements and refunds are sorted by instant once; a call then reads
 * only those in its range, and the day of each is found by binary search over the range's day starts
 * (at most 101), never by formatting dates.
 */

type SettlementWire = v.InferInput<typeof SettlementSchema>
type EntryWire = v.InferInput<typeof SettlementEntrySchema>

export interface SettlementsData {
  /** The transactions resource's ledgers (not copies). */
  transactions: TransactionsData
  /** The merchant discount rate of a program, in basis points. */
  feeBps(programID: string, channel: Channel): number
}

interface Movement {
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
function movementsIn(ledger: MerchantLedger, start: number, end: number, visit: (m: Movement) => void): void {
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

function feeOf(movement: Movement, data: SettlementsData): { bps: number; fee: number } {
  if (movement.type === 'REFUNDED') return { bps: 0, fee: 0 }
  const bps = data.feeBps(movement.record.programID, movement.record.channel)
  return { bps, fee: Math.round((movement.amount * bps) / 10_000) }
}

/** The first business day after `date` (Saturday and Sunday skipped). */
export function nextBusinessDay(date: IsoDate): IsoDate {
  let next = addDays(date, 1)
  for (;;) {
    const weekday = new Date(`${next}T00:00:00Z`).getUTCDay()
    if (weekday !== 0 && weekday !== 6) return next
    next = addDays(next, 1)
  }
}

export function settlementStatus(date: IsoDate, payoutDate: IsoDate, today: IsoDate): SettlementStatus {
  if (date >= today) return 'OPEN'
  return payoutDate > today ? 'IN_TRANSIT' : 'PAID'
}

function merchantCode(merchantID: string): string {
  let hash = 2_166_136_261
  for (let i = 0; i < merchantID.length; i++) {
    hash ^= merchantID.charCodeAt(i)
    hash = Math.imul(hash, 16_777_619)
  }
  return ((hash >>> 0) % 0x10000).toString(16).toUpperCase().padStart(4, '0')
}

/** `ST-20240310-1A2B`: the batch's date and a code of its merchant, so ids differ between merchants. */
export function settlementId(merchantID: string, date: IsoDate): string {
  return `ST-${date.replaceAll('-', '')}-${merchantCode(merchantID)}`
}

/** The date a settlement id names when it is one of this merchant's, else null. */
export function settlementDateOf(merchantID: string, id: string): IsoDate | null {
  if (!SETTLEMENT_ID_PATTERN.test(id) || !id.endsWith(`-${merchantCode(merchantID)}`)) return null
  return parseIsoDate(`${id.slice(3, 7)}-${id.slice(7, 9)}-${id.slice(9, 11)}`)
}

interface Batch {
  settled: number
  refunded: number
  fees: number
  entries: number
}

export interface SettlementReportQuery {
  merchantID: string
  from: IsoDate
  to: IsoDate
  /** The merchant's today, which decides OPEN, IN_TRANSIT and PAID. */
  today: IsoDate
}

/** The batches of a range of calendar dates, newest first, with their totals. */
export function settlementReport(
  ledger: MerchantLedger,
  data: SettlementsData,
  query: SettlementReportQuery,
) {
  const { merchantID, from, to, today } = query
  const { timeZone } = ledger
  const dayCount = daysBetween(from, to) + 1
  const dates = Array.from({ length: dayCount }, (_, index) => addDays(from, index))
  const starts = [...dates, addDays(to, 1)].map((date) => startOfDayIn(date, timeZone))
  const batches: (Batch | undefined)[] = new Array(dayCount)

  const dayOf = (at: number): number => {
    // The last start at or before `at`: days are 23 to 25 hours long, so no division will do.
    let low = 0
    let high = dayCount - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((starts[middle] as number) <= at) low = middle
      else high = middle - 1
    }
    return low
  }

  movementsIn(ledger, starts[0] as number, starts[dayCount] as number, (movement) => {
    const index = dayOf(movement.at)
    let batch = batches[index]
    if (!batch) {
      batch = { settled: 0, refunded: 0, fees: 0, entries: 0 }
      batches[index] = batch
    }
    batch.entries += 1
    if (movement.type === 'REFUNDED') batch.refunded += movement.amount
    else {
      batch.settled += movement.amount
      batch.fees += feeOf(movement, data).fee
    }
  })

  const items: SettlementWire[] = []
  const totals: Batch = { settled: 0, refunded: 0, fees: 0, entries: 0 }
  for (let index = dayCount - 1; index >= 0; index--) {
    const batch = batches[index]
    const date = dates[index]
    if (!batch || !date) continue
    totals.settled += batch.settled
    totals.refunded += batch.refunded
    totals.fees += batch.fees
    totals.entries += batch.entries
    const payoutDate = nextBusinessDay(date)
    items.push({
      id: settlementId(merchantID, date),
      merchantID,
      date,
      periodStart: new Date(starts[index] as number).toISOString(),
      periodEnd: new Date(starts[index + 1] as number).toISOString(),
      status: settlementStatus(date, payoutDate, today),
      payoutDate,
      currency: 'USD',
      entryCount: batch.entries,
      amounts: {
        settled: batch.settled,
        refunded: batch.refunded,
        fees: batch.fees,
        net: batch.settled - batch.refunded - batch.fees,
      },
    })
  }
  return {
    from,
    to,
    timeZone,
    items,
    totals: {
      settlements: items.length,
      entries: totals.entries,
      amounts: {
        settled: totals.settled,
        refunded: totals.refunded,
        fees: totals.fees,
        net: totals.settled - totals.refunded - totals.fees,
      },
    },
  }
}

/** One batch's entries, oldest first (ties in ledger order, so pages never overlap). */
export function settlementEntries(ledger: MerchantLedger, data: SettlementsData, date: IsoDate): EntryWire[] {
  const start = startOfDayIn(date, ledger.timeZone)
  const end = startOfDayIn(addDays(date, 1), ledger.timeZone)
  const found: Movement[] = []
  movementsIn(ledger, start, end, (movement) => found.push(movement))
  // A stable sort: equal instants keep ledger order.
  found.sort((a, b) => a.at - b.at)
  return found.map((movement) => {
    const { record } = movement
    const { bps, fee } = feeOf(movement, data)
    return {
      transactionId: record.id,
      orderId: record.orderId,
      customerName: record.customerName,
      programID: record.programID,
      channel: record.channel,
      type: movement.type,
      at: new Date(movement.at).toISOString(),
      amount: movement.amount,
      feeBps: bps,
      fee,
      net: movement.type === 'REFUNDED' ? -movement.amount : movement.amount - fee,
    }
  })
}

function refuseRange(c: ApiContext, days: number): Response {
  return sendValidated(
    c,
    ErrorBodySchema,
    {
      error: {
        code: SETTLEMENT_RANGE_TOO_LONG,
        message: `A settlement report covers at most ${SETTLEMENT_MAX_DAYS} days; this range has ${days}. Choose a shorter range.`,
        details: { maxDays: SETTLEMENT_MAX_DAYS, days },
      },
    },
    400,
  )
}

export const settlements = defineResource({
  key: 'settlements',
  generate: ({ random, need }) => {
    const transactions = need('transactions')
    const rates = new Map<string, number>()
    return {
      transactions,
      feeBps(programID, channel) {
        const known = rates.get(programID)
        if (known !== undefined) return known
        // Each program draws from its own stream, so the order of first use never changes a rate.
        const stream: Random = random.fork(programID)
        const rate = channel === 'ECOMM' ? stream.int(390, 590) : stream.int(290, 450)
        rates.set(programID, rate)
        return rate
      },
    } satisfies SettlementsData
  },
  routes: ({ store }) => {
    /** The token's merchant and its ledger, or why not: no merchant chosen, or the bank brand. */
    function merchantOf(c: ApiContext): { merchant: MerchantRecord; ledger: MerchantLedger } | Response {
      const refused = refuseNoMerchant(c)
      if (refused) return refused
      const { cid } = claimsOf(c)
      const merchant = store().merchants.find((candidate) => candidate.id === cid)
      const ledger = store().settlements.transactions.ledger(cid)
      if (!merchant || !ledger) return sendError(c, 404, 'not_found', 'No such merchant.')
      if (store().tenants.get(merchant.tenantID)?.brand === 'BANK') {
        return sendError(c, 403, 'forbidden', 'Settlement reports are not offered on this brand.')
      }
      return { merchant, ledger }
    }

    return new Hono<ApiEnv>()
      .get('/settlements', (c) => {
        const refused = refuseQueriedMerchant(c)
        if (refused) return refused
        const found = merchantOf(c)
        if (found instanceof Response) return found
        const from = parseIsoDate(c.req.query('from') ?? '')
        const to = parseIsoDate(c.req.query('to') ?? '')
        if (!from || !to) {
          return sendError(
            c,
            400,
            'bad_request',
            "from and to are required: calendar dates (yyyy-MM-dd) in the merchant's time zone.",
          )
        }
        if (from > to) return sendError(c, 400, 'bad_request', 'from must not be after to.')
        const days = daysBetween(from, to) + 1
        if (days > SETTLEMENT_MAX_DAYS) return refuseRange(c, days)
        const report = settlementReport(found.ledger, store().settlements, {
          merchantID: found.merchant.id,
          from,
          to,
          today: todayIn(found.merchant.timeZone),
        })
        return sendValidated(c, SettlementReportSchema, { data: report })
      })
      .get('/settlements/:id/transactions', (c) => {
        const found = merchantOf(c)
        if (found instanceof Response) return found
        const page = readPage(c, { defaultLimit: 25, max: SETTLEMENT_ENTRY_PAGE_LIMIT })
        if (!page.ok) return page.response
        const date = settlementDateOf(found.merchant.id, c.req.param('id'))
        const settlement = date
          ? settlementReport(found.ledger, store().settlements, {
              merchantID: found.merchant.id,
              from: date,
              to: date,
              today: todayIn(found.merchant.timeZone),
            }).items[0]
          : undefined
        if (!date || !settlement) return sendError(c, 404, 'not_found', 'No such settlement.')
        const entries = settlementEntries(found.ledger, store().settlements, date)
        const { offset, limit } = page.value
        return sendValidated(c, SettlementEntryPageSchema, {
          data: {
            settlement,
            items: entries.slice(offset, offset + limit),
            pagination: { offset, limit, total: entries.length },
          },
        })
      })
  },
})
