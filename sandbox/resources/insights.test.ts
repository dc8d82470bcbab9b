import { describe, expect, it } from 'vitest'
import type { Channel } from '../../contract/programs'
import type { TransactionStatus } from '../../contract/transactions'
import { aggregateInsights } from './insights'
import type { MerchantLedger, TransactionRecord } from './transactions-ledger'

const MERCHANT = '10000000-0000-4000-8000-000000000009'
const ONLINE = '40000000-0000-4000-8000-0000000000a1'
const STORE = '40000000-0000-4000-8000-0000000000a2'

interface Made {
  at: string
  amount: number
  status?: TransactionStatus
  program?: string
  refunds?: { at: string; amount: number }[]
}

let sequence = 0
function transaction({
  at,
  amount,
  status = 'SETTLED',
  program = ONLINE,
  refunds = [],
}: Made): TransactionRecord {
  sequence += 1
  const createdAt = Date.parse(at)
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0)
  const channel: Channel = program === ONLINE ? 'ECOMM' : 'INSTORE'
  return {
    id: `TX-${String(sequence).padStart(8, '0')}`,
    merchantID: MERCHANT,
    orderId: `T-${sequence}`,
    createdAt,
    customerName: 'Test Customer',
    customerKey: 'test customer',
    customerEmail: 'test@example.com',
    programID: program,
    channel,
    authorized: amount,
    settled: status === 'DECLINED' ? 0 : amount,
    refunded,
    remaining: 0,
    status,
    expiresAt: createdAt,
    history: {
      status,
      settled: amount,
      refunded,
      settledAt: createdAt,
      closedAt: 0,
      closedBy: '',
      refunds: refunds.map((refund) => ({
        at: Date.parse(refund.at),
        type: 'REFUNDED',
        amount: refund.amount,
        actor: 'api',
      })),
    },
    actions: null,
    dispute: null,
  }
}

/** A ledger in New York's time zone, newest first like the generated ones. */
function ledger(made: Made[]): MerchantLedger {
  const records = made.map(transaction).sort((a, b) => b.createdAt - a.createdAt)
  return {
    timeZone: 'America/New_York',
    records,
    indexById: new Map(records.map((record, index) => [record.id, index])),
    orders: new Map(),
    details: { seed: 1, catalog: [], aprBPS: new Map() },
  }
}

describe('aggregateInsights', () => {
  it('counts the 23-hour day of 2026-03-08 in New York by its local midnights', () => {
    const book = ledger([
      { at: '2026-03-08T04:30:00Z', amount: 1_000 }, // 23:30 EST on March 7: the previous period
      { at: '2026-03-08T05:00:00Z', amount: 2_000 }, // 00:00 EST on March 8
      { at: '2026-03-09T03:30:00Z', amount: 4_000, program: STORE }, // 23:30 EDT on March 8
      { at: '2026-03-09T03:45:00Z', amount: 9_900, status: 'DECLINED' },
      { at: '2026-03-09T04:00:00Z', amount: 8_000 }, // 00:00 EDT on March 9: after the range
    ])
    const result = aggregateInsights(book, MERCHANT, {
      range: { from: '2026-03-08', to: '2026-03-08' },
      interval: 'day',
    })
    expect(result.previousRange).toEqual({ from: '2026-03-07', to: '2026-03-07' })
    expect(result.totals).toEqual({ volume: 6_000, orders: 2, attempts: 3, refunded: 0, refunds: 0 })
    expect(result.previousTotals).toEqual({ volume: 1_000, orders: 1, attempts: 1, refunded: 0, refunds: 0 })
    expect(result.programs).toEqual([
      { programID: ONLINE, channel: 'ECOMM' },
      { programID: STORE, channel: 'INSTORE' },
    ])
    expect(result.channels).toEqual(['ECOMM', 'INSTORE'])
    expect(result.buckets).toHaveLength(1)
    expect(result.buckets[0]?.programs).toEqual([
      { volume: 2_000, orders: 1 },
      { volume: 4_000, orders: 1 },
    ])
  })

  it('counts the 25-hour day of 2026-11-01, and refunds on the day the money went back', () => {
    const book = ledger([
      {
        at: '2026-10-20T15:00:00Z',
        amount: 5_000,
        status: 'PARTIALLY_REFUNDED',
        // 01:30 EST on November 1 (the second 01:30), and 00:30 EST on November 2.
        refunds: [
          { at: '2026-11-01T06:30:00Z', amount: 700 },
          { at: '2026-11-02T05:30:00Z', amount: 300 },
        ],
      },
      { at: '2026-11-01T04:00:00Z', amount: 1_000 }, // 00:00 EDT on November 1
      { at: '2026-11-02T04:30:00Z', amount: 3_000 }, // 23:30 EST on November 1
      { at: '2026-11-02T05:00:00Z', amount: 8_000 }, // 00:00 EST on November 2
    ])
    const result = aggregateInsights(book, MERCHANT, {
      range: { from: '2026-10-31', to: '2026-11-02' },
      interval: 'day',
    })
    const days = result.buckets.map((bucket) => [bucket.from, bucket.totals.orders, bucket.totals.refunded])
    expect(days).toEqual([
      ['2026-10-31', 0, 0],
      ['2026-11-01', 2, 700],
      ['2026-11-02', 1, 300],
    ])
    expect(result.totals).toMatchObject({ orders: 3, volume: 12_000, refunds: 2, refunded: 1_000 })
    // The refunded order was made on October 20, before both periods: only its refunds count.
    expect(result.previousRange).toEqual({ from: '2026-10-28', to: '2026-10-30' })
    expect(result.previousTotals.orders).toBe(0)
  })

  it('compares a whole month with the days just before it and weeks cut at the month ends', () => {
    const book = ledger([
      { at: '2026-01-29T04:59:00Z', amount: 100 }, // 23:59 EST on January 28: before both periods
      { at: '2026-01-29T05:00:00Z', amount: 200 }, // January 29: first day of the previous period
      { at: '2026-03-01T04:59:00Z', amount: 400 }, // 23:59 EST on February 28: last of the previous period
      { at: '2026-03-01T05:00:00Z', amount: 800 }, // March 1
      { at: '2026-04-01T03:59:00Z', amount: 1_600 }, // 23:59 EDT on March 31
      { at: '2026-04-01T04:00:00Z', amount: 3_200 }, // April 1: after the range
    ])
    const result = aggregateInsights(book, MERCHANT, {
      range: { from: '2026-03-01', to: '2026-03-31' },
      interval: 'week',
    })
    expect(result.previousRange).toEqual({ from: '2026-01-29', to: '2026-02-28' })
    expect(result.previousTotals.volume).toBe(600)
    expect(result.totals.volume).toBe(2_400)
    expect(result.buckets.map((bucket) => [bucket.from, bucket.to, bucket.totals.volume])).toEqual([
      ['2026-03-01', '2026-03-07', 800],
      ['2026-03-08', '2026-03-14', 0],
      ['2026-03-15', '2026-03-21', 0],
      ['2026-03-22', '2026-03-28', 0],
      ['2026-03-29', '2026-03-31', 1_600],
    ])
    // Each bucket lists every program and channel of the range, zeros included.
    expect(
      result.buckets.every((bucket) => bucket.programs.length === 1 && bucket.channels.length === 1),
    ).toBe(true)
  })
})
