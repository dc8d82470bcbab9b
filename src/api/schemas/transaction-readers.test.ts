import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { TransactionPageReader, TransactionResponseReader } from './transactions'

// A detail as the contract gives it; each test changes one part of it.
const detail = {
  id: 'TX-7K2M9Q4P',
  merchantID: 'mer_1',
  orderId: 'AO-1049213',
  createdAt: '2026-06-15T18:04:05.000Z',
  customer: { name: 'Olivia Smith', email: 'olivia@example.com' },
  programID: 'prg_1',
  channel: 'ECOMM',
  currency: 'USD',
  amounts: { authorized: 12_500, settled: 12_500, refunded: 0, remaining: 12_500 },
  status: 'DISPUTED',
  expiresAt: '2026-09-13T18:04:05.000Z',
  timeline: [],
  dispute: {
    reason: 'FRAUDULENT',
    amount: 12_500,
    openedAt: '2026-07-01T10:00:00.000Z',
    respondBy: '2026-07-21T10:00:00.000Z',
    status: 'NEEDS_RESPONSE',
    timeline: [{ at: '2026-07-01T10:00:00.000Z', type: 'OPENED', actor: 'customer' }],
  },
  lineItems: [{ name: 'Tent', sku: 'TNT', quantity: 1, unitPrice: 12_500, total: 12_500 }],
  billingAddress: { line1: '1 Main St', city: 'Denver', region: 'CO', postalCode: '80202' },
  plan: { numberOfPayments: 4, aprBPS: 0, firstPaymentDate: '2026-06-15' },
}

const read = (data: unknown) => v.parse(TransactionResponseReader, { data }).data

describe('the transaction readers', () => {
  it('read a dispute, its story and the order', () => {
    const tx = read(detail)
    expect(tx.dispute).toMatchObject({
      status: 'NEEDS_RESPONSE',
      respondBy: new Date('2026-07-21T10:00:00.000Z'),
    })
    expect(tx.lineItems).toHaveLength(1)
    expect(tx.plan?.firstPaymentDate).toEqual(new Date('2026-06-15T00:00:00.000Z'))
    expect(tx.shippingAddress).toBeUndefined()
  })

  it('keep a dispute reason, status and event they do not know as text', () => {
    const tx = read({
      ...detail,
      dispute: {
        ...detail.dispute,
        reason: 'CARD_NETWORK_RULE',
        status: 'PRE_ARBITRATION',
        timeline: [
          ...detail.dispute.timeline,
          { at: '2026-07-02T10:00:00.000Z', type: 'REMINDER', actor: 'platform' },
        ],
      },
    })
    expect(tx.dispute).toMatchObject({ reason: 'CARD_NETWORK_RULE', status: 'PRE_ARBITRATION' })
    expect(tx.dispute?.timeline.map((event) => event.type)).toEqual(['OPENED', 'REMINDER'])
  })

  it('read no dispute as null, whether it is null or left out', () => {
    const { dispute: _dispute, ...without } = detail
    expect(read(without).dispute).toBeNull()
    expect(read({ ...detail, dispute: null }).dispute).toBeNull()
  })

  it('show the order whole or not at all: a part missing or unreadable is left out, the rest read', () => {
    const { lineItems: _items, plan: _plan, ...without } = detail
    const bare = read(without)
    expect(bare.lineItems).toBeUndefined()
    expect(bare.plan).toBeUndefined()
    const broken = read({
      ...detail,
      lineItems: [{ name: 'Tent', quantity: 'one' }],
      billingAddress: { line1: 42 },
      plan: { numberOfPayments: 4 },
    })
    expect([broken.lineItems, broken.billingAddress, broken.plan]).toEqual([undefined, undefined, undefined])
    expect(broken.dispute?.status).toBe('NEEDS_RESPONSE')
  })

  it('read a page without a needs-action count, and rows without a dispute', () => {
    const { timeline: _timeline, lineItems: _items, billingAddress: _billing, plan: _plan, ...row } = detail
    const { dispute: _dispute, ...plain } = row
    const page = v.parse(TransactionPageReader, {
      data: { items: [row, plain], pagination: { offset: 0, limit: 25, total: 2 }, summary: [] },
    })
    expect(page.data.needsAction).toBeUndefined()
    expect(page.data.items.map((item) => item.dispute?.status ?? null)).toEqual(['NEEDS_RESPONSE', null])
    const counted = v.parse(TransactionPageReader, {
      data: {
        items: [],
        pagination: { offset: 0, limit: 25, total: 0 },
        summary: [],
        needsAction: { count: 3, authorizations: 2, disputes: 1 },
      },
    })
    expect(counted.data.needsAction).toEqual({ count: 3, authorizations: 2, disputes: 1 })
  })
})
