import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { TransactionResponseReader } from './transactions'

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
  status: 'SETTLED',
  expiresAt: '2026-09-13T18:04:05.000Z',
  timeline: [],
  lineItems: [{ name: 'Tent', sku: 'TNT', quantity: 1, unitPrice: 12_500, total: 12_500 }],
  billingAddress: { line1: '1 Main St', city: 'Denver', region: 'CO', postalCode: '80202' },
  plan: { numberOfPayments: 4, aprBPS: 0, firstPaymentDate: '2026-06-15' },
}

const read = (data: unknown) => v.parse(TransactionResponseReader, { data }).data

describe('the transaction readers', () => {
  it('read the order', () => {
    const tx = read(detail)
    expect(tx.lineItems).toHaveLength(1)
    expect(tx.plan?.firstPaymentDate).toEqual(new Date('2026-06-15T00:00:00.000Z'))
    expect(tx.shippingAddress).toBeUndefined()
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
    expect(broken.amounts.authorized).toBe(12_500)
  })
})
