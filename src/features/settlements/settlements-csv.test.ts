import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { SettlementEntryPageReader, SettlementReportReader } from '../../api/schemas/settlements'
import {
  ENTRIES_CSV_HEADER,
  entriesCsv,
  SETTLEMENTS_CSV_HEADER,
  settlementsCsv,
  wallTimeIn,
} from './settlements-csv'

const MERCHANT = '20000000-0000-4000-8000-000000000001'
const PROGRAM = '40000000-0000-4000-8000-000000000001'

// As the platform sends them: the spring-forward day in Denver is a 23-hour batch.
const report = v.parse(SettlementReportReader, {
  data: {
    from: '2026-03-08',
    to: '2026-03-09',
    timeZone: 'America/Denver',
    items: [
      {
        id: 'ST-20260309-1A2B',
        merchantID: MERCHANT,
        date: '2026-03-09',
        periodStart: '2026-03-09T06:00:00.000Z',
        periodEnd: '2026-03-10T06:00:00.000Z',
        status: 'PAID',
        payoutDate: '2026-03-10',
        currency: 'USD',
        entryCount: 2,
        amounts: { settled: 10_000, refunded: 25_000, fees: 450, net: -15_450 },
      },
      {
        id: 'ST-20260308-1A2B',
        merchantID: MERCHANT,
        date: '2026-03-08',
        periodStart: '2026-03-08T07:00:00.000Z',
        periodEnd: '2026-03-09T06:00:00.000Z',
        status: 'PAID',
        payoutDate: '2026-03-09',
        currency: 'USD',
        entryCount: 1,
        amounts: { settled: 123_456, refunded: 0, fees: 5_556, net: 117_900 },
      },
    ],
    totals: {
      settlements: 2,
      entries: 3,
      amounts: { settled: 133_456, refunded: 25_000, fees: 6_006, net: 102_450 },
    },
  },
}).data

describe('the settlements file', () => {
  it('has one line per settlement with merchant-zone dates, UTC instants and plain amounts', () => {
    const lines = settlementsCsv(report).split('\r\n')
    expect(lines[0]).toBe(SETTLEMENTS_CSV_HEADER.join(','))
    expect(lines[1]).toBe(
      'ST-20260309-1A2B,2026-03-09,PAID,2026-03-10,2,100.00,250.00,4.50,-154.50,2026-03-09T06:00:00.000Z,2026-03-10T06:00:00.000Z,America/Denver',
    )
    // The calendar date stays the merchant's date even though its midnight is 07:00 UTC.
    expect(lines[2]).toBe(
      'ST-20260308-1A2B,2026-03-08,PAID,2026-03-09,1,1234.56,0.00,55.56,1179.00,2026-03-08T07:00:00.000Z,2026-03-09T06:00:00.000Z,America/Denver',
    )
    expect(lines).toHaveLength(4)
    expect(lines[3]).toBe('')
  })
})

describe('a settlement’s transactions file', () => {
  const entries = v.parse(SettlementEntryPageReader, {
    data: {
      settlement: {
        id: 'ST-20261101-1A2B',
        merchantID: MERCHANT,
        date: '2026-11-01',
        periodStart: '2026-11-01T06:00:00.000Z',
        periodEnd: '2026-11-02T07:00:00.000Z',
        status: 'PAID',
        payoutDate: '2026-11-02',
        currency: 'USD',
        entryCount: 2,
        amounts: { settled: 20_000, refunded: 5_000, fees: 900, net: 14_100 },
      },
      items: [
        {
          transactionId: 'TX-AAAA1111',
          orderId: 'AO-1000001',
          customerName: 'Smith, "Jo"',
          programID: PROGRAM,
          channel: 'ECOMM',
          type: 'SETTLED',
          // 01:30 MDT, before the clocks fall back.
          at: '2026-11-01T07:30:00.000Z',
          amount: 20_000,
          feeBps: 450,
          fee: 900,
          net: 19_100,
        },
        {
          transactionId: 'TX-BBBB2222',
          orderId: 'AO-1000002',
          customerName: '=cmd',
          programID: PROGRAM,
          channel: 'ECOMM',
          type: 'REFUNDED',
          // 01:30 MST, the same wall-clock time an hour later.
          at: '2026-11-01T08:30:00.000Z',
          amount: 5_000,
          feeBps: 0,
          fee: 0,
          net: -5_000,
        },
      ],
      pagination: { offset: 0, limit: 500, total: 2 },
    },
  }).data

  it('dates each entry on the merchant’s wall clock, with the UTC instant beside it, escaped and formula-safe', () => {
    const lines = entriesCsv('ST-20261101-1A2B', entries.items, 'America/Denver').split('\r\n')
    expect(lines[0]).toBe(ENTRIES_CSV_HEADER.join(','))
    expect(lines[1]).toBe(
      `ST-20261101-1A2B,TX-AAAA1111,AO-1000001,"Smith, ""Jo""",${PROGRAM},ECOMM,SETTLED,2026-11-01,01:30:00,2026-11-01T07:30:00.000Z,200.00,450,9.00,191.00,America/Denver`,
    )
    expect(lines[2]).toBe(
      `ST-20261101-1A2B,TX-BBBB2222,AO-1000002,'=cmd,${PROGRAM},ECOMM,REFUNDED,2026-11-01,01:30:00,2026-11-01T08:30:00.000Z,50.00,0,0.00,-50.00,America/Denver`,
    )
  })

  it('reads wall-clock times at month ends and DST changes', () => {
    expect(wallTimeIn(new Date('2026-03-08T09:00:00Z'), 'America/Denver')).toBe('03:00:00')
    expect(wallTimeIn(new Date('2026-03-01T06:59:59Z'), 'America/Denver')).toBe('23:59:59')
    expect(wallTimeIn(new Date('2026-03-01T07:00:00Z'), 'America/Denver')).toBe('00:00:00')
  })
})
