import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { LocationReader } from './locations'
import {
  EnrollmentPageReader,
  PaymentProductConfigurationPageReader,
  PaymentProductPageReader,
} from './payment-products'
import { MerchantUserReader } from './users'

// What a platform that sends only what the spec promises answers (the sandbox's spec-minimal mode):
// the fields spec section 3 lists where it lists them, no null fields, ids that are not UUIDs.
const pagination = { offset: 0, limit: 50, total: 1 }

describe('readers take an answer with only what the spec promises', () => {
  it('read a payment product by its type alone', () => {
    const page = v.parse(PaymentProductPageReader, { data: { items: [{ type: 'SPLITPAY' }], pagination } })
    expect(page.data.items).toEqual([{ type: 'SPLITPAY' }])
    expect(page.data.unreadable).toBe(0)
  })

  it('read configurations as data.items alone: a paymentProduct with a type, and attributes', () => {
    const configuration = {
      paymentProduct: { type: 'INSTALLMENTS' },
      attributes: [{ name: 'NUMPAYMENTS', value: '12' }],
    }
    const page = v.parse(PaymentProductConfigurationPageReader, { data: { items: [configuration] } })
    expect(page.data.items).toEqual([configuration])
    expect(page.data.pagination).toBeUndefined()
  })

  it('read an enrollment as its id and data, with the product type from the data', () => {
    const page = v.parse(EnrollmentPageReader, {
      data: {
        items: [
          { enrollmentID: 'enr:1', data: { paymentProductType: 'SPLITPAY', offeredAtCheckout: true } },
          // No type anywhere: which product it enrolls in cannot be told, so it is left out and counted.
          { enrollmentID: 'enr:2', data: { offeredAtCheckout: true } },
        ],
        pagination: { ...pagination, total: 2 },
      },
    })
    expect(page.data.items).toEqual([
      {
        enrollmentID: 'enr:1',
        paymentProductType: 'SPLITPAY',
        data: { paymentProductType: 'SPLITPAY', offeredAtCheckout: true },
      },
    ])
    expect(page.data.unreadable).toBe(1)
  })

  it('read a field the platform leaves out instead of sending null as null', () => {
    const user = v.parse(MerchantUserReader, {
      id: 'usr_1',
      merchantID: 'mer_7Qk2:x',
      email: 'nia@acme.test',
      accessLevel: 'READ',
      status: 'INVITED',
      createdAt: '2026-01-02T03:04:05Z',
    })
    expect(user).toMatchObject({ name: null, lastSignInAt: null, invitedAt: null })
  })

  it("read a closed day's hours without their times", () => {
    const open = { closed: false, opens: '09:00', closes: '17:00' }
    const days = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'].map((day) => ({ day, ...open }))
    const location = v.parse(LocationReader, {
      id: 'loc_1',
      merchantID: 'mer_7Qk2:x',
      storeNumber: '0042',
      name: 'Denver Flagship',
      address: { line1: '1 Main St', city: 'Denver', region: 'CO', postalCode: '80202' },
      phone: '+13035550100',
      hours: [...days, { day: 'SUN', closed: true }],
      status: 'OPEN',
      updatedAt: '2026-01-02T03:04:05Z',
    })
    expect(location.hours.at(-1)).toEqual({ day: 'SUN', closed: true, opens: null, closes: null })
  })
})
