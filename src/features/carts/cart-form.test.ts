import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import type { CartInput } from '../../../contract/carts'
import { formErrors } from '../../../test/support/form-errors'
import type { Cart } from '../../api/schemas/carts'
import { cartDraftSchema } from './cart-draft-schema'
import { type CartDraft, cartToDraft, draftTotals, emptyCartDraft, emptyDiscount } from './cart-form'

const MERCHANT = '20000000-0000-4000-8000-000000000001'
const PROGRAM = '40000000-0000-4000-8000-000000000001'

/** What the form would send for the draft, or the error code of each field in error. */
function checkCartDraft(
  draft: CartDraft,
  merchantId: string,
  programIds: readonly string[],
): { errors: Record<string, string>; input: CartInput | null } {
  const schema = cartDraftSchema(merchantId, programIds)
  const result = v.safeParse(schema, draft)
  return result.success
    ? { errors: {}, input: result.output }
    : { errors: formErrors(schema, draft), input: null }
}

function filled(): CartDraft {
  const draft = emptyCartDraft([PROGRAM])
  const [item] = draft.items
  if (!item) throw new Error('no item row')
  return {
    ...draft,
    customer: { name: ' Rosa Parks ', email: 'rosa@example.com', phone: '(303) 555-0142' },
    billing: { line1: '1 Main St', line2: '', city: 'Denver', region: 'CO', postalCode: '80202' },
    items: [{ ...item, name: 'Tent', sku: '', quantity: '2', unitPrice: '$1,299.5' }],
    shippingCost: '',
    tax: '12.40',
  }
}

describe('checking a cart draft', () => {
  it('reads prices as every amount field of the portal does', () => {
    const draft = filled()
    const [item] = draft.items
    if (!item) throw new Error('no item row')
    const read = (unitPrice: string) =>
      checkCartDraft({ ...draft, items: [{ ...item, unitPrice }] }, MERCHANT, [PROGRAM]).input?.items[0]
        ?.unitPrice
    expect(read('12,50')).toBe(1250)
    expect(read('1.299,50')).toBe(129950)
    expect(read('1,2,3')).toBeUndefined()
  })

  it('turns a complete draft into the request, shipping to the billing address', () => {
    const { errors, input } = checkCartDraft(filled(), MERCHANT, [PROGRAM])
    expect(errors).toEqual({})
    expect(input).toEqual({
      merchantID: MERCHANT,
      programID: PROGRAM,
      customer: { name: 'Rosa Parks', email: 'rosa@example.com', phone: '+13035550142' },
      billingAddress: { line1: '1 Main St', city: 'Denver', region: 'CO', postalCode: '80202' },
      shippingAddress: { line1: '1 Main St', city: 'Denver', region: 'CO', postalCode: '80202' },
      items: [{ name: 'Tent', quantity: 2, unitPrice: 129950 }],
      discounts: [],
      shipping: 0,
      tax: 1240,
    })
  })

  it('names each problem by field, rows by their position, and asks for the shipping address only when separate', () => {
    const draft = filled()
    const [item] = draft.items
    if (!item) throw new Error('no item row')
    const discount = { ...emptyDiscount(), description: 'Too much', amount: '9000' }
    const { errors, input } = checkCartDraft(
      {
        ...draft,
        customer: { name: '', email: 'rosa@', phone: '555' },
        items: [
          { ...item, quantity: '0', unitPrice: 'abc' },
          { ...item, key: 'second', unitPrice: '3000' },
        ],
        discounts: [discount],
        shippingSameAsBilling: false,
        shipping: { line1: '', line2: '', city: 'Denver', region: 'XX', postalCode: '123' },
        programID: 'someone-else',
      },
      MERCHANT,
      [PROGRAM],
    )
    expect(input).toBeNull()
    expect(errors).toEqual({
      'customer.name': 'required',
      'customer.email': 'email',
      'customer.phone': 'phone',
      'items.0.quantity': 'quantity',
      'items.0.unitPrice': 'amount',
      'shipping.line1': 'required',
      'shipping.region': 'region',
      'shipping.postalCode': 'postalCode',
      programID: 'program',
    })

    // With the items fixed, a discount above their subtotal is the discounts' problem.
    const fixed = checkCartDraft({ ...filled(), discounts: [{ ...discount, amount: '9000' }] }, MERCHANT, [
      PROGRAM,
    ])
    expect(fixed.errors).toEqual({ discounts: 'discountTooLarge' })
  })

  it('totals what is there while typing, counting unfinished amounts as zero', () => {
    const draft = filled()
    expect(draftTotals({ ...draft, discounts: [{ ...emptyDiscount(), amount: '99.' }] })).toEqual({
      subtotal: 259900,
      discount: 9900,
      shipping: 0,
      tax: 1240,
      total: 251240,
    })
    expect(draftTotals({ ...draft, tax: '1.2.3' }).total).toBe(259900)
  })

  it('opens a saved cart as the same draft it was made from', () => {
    const cart: Cart = {
      id: '0c4f2a8e-1111-4c3a-9e2f-1a2b3c4d5e6f',
      merchantID: MERCHANT,
      reference: 'AO-C-10001',
      programID: PROGRAM,
      status: 'SENT',
      customer: { name: 'Rosa Parks', email: 'rosa@example.com', phone: '+13035550142' },
      total: 261140,
      createdAt: new Date(),
      updatedAt: new Date(),
      expiresAt: new Date(),
      billingAddress: { line1: '1 Main St', city: 'Denver', region: 'CO', postalCode: '80202' },
      shippingAddress: {
        line1: '9 Elm Rd',
        line2: 'Unit 2',
        city: 'Boise',
        region: 'ID',
        postalCode: '83702',
      },
      items: [{ name: 'Tent', sku: 'T-1', quantity: 2, unitPrice: 129950 }],
      discounts: [],
      totals: { subtotal: 259900, discount: 0, shipping: 0, tax: 1240, total: 261140 },
      checkoutUrl: 'https://checkout.tandem.test/c/abc',
      history: [],
    }
    const draft = cartToDraft(cart)
    expect(draft.shippingSameAsBilling).toBe(false)
    expect(draft.customer.phone).toBe('(303) 555-0142')
    expect(draft.items.map(({ key: _key, ...item }) => item)).toEqual([
      { name: 'Tent', sku: 'T-1', quantity: '2', unitPrice: '1299.50' },
    ])
    const { input } = checkCartDraft(draft, MERCHANT, [PROGRAM])
    expect(input?.shippingAddress).toEqual(cart.shippingAddress)
    expect(input?.items).toEqual(cart.items)
    expect(input?.tax).toBe(1240)
  })
})
