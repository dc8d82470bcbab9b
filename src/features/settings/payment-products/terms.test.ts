import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import type { PaymentProductConfiguration } from '../../../api/schemas/payment-products'
import { describeTerms, termsOf } from './terms'

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } })
const percent = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 }).format(value / 100)

function configuration(type: string, payments: string, rate: string): PaymentProductConfiguration {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    programID: '00000000-0000-4000-8000-000000000002',
    merchantID: '00000000-0000-4000-8000-000000000003',
    state: 'ACTIVE',
    paymentProduct: { id: '00000000-0000-4000-8000-000000000004', type: 'INSTALLMENTS' },
    attributes: [
      { name: 'TYPE', value: type },
      { name: 'NUMPAYMENTS', value: payments },
      { name: 'RATE', value: rate },
    ],
  }
}

const words = (type: string, payments: string, rate: string) =>
  describeTerms(termsOf(configuration(type, payments, rate)), i18n, percent)

describe('configuration terms in words', () => {
  it('says installments in monthly payments with the APR', () => {
    expect(words('INSTALLMENTS', '12', '9.99')).toBe('12 monthly payments at 9.99% APR')
    expect(words('INSTALLMENTS', '1', '14.99')).toBe('1 monthly payment at 14.99% APR')
    expect(words('INSTALLMENTS', '6', '0.00')).toBe('6 monthly payments, interest-free')
  })

  it('says split pay every two weeks and the other products in their own words', () => {
    expect(words('SPLITPAY', '4', '0.00')).toBe('4 payments every two weeks, interest-free')
    expect(words('HYBRID_LINE_OF_CREDIT', '24', '29.99')).toBe(
      'Line of credit, paid over 24 months at 29.99% APR',
    )
    expect(words('DEBT_CONSOLIDATION', '36', '14.99')).toBe('36 monthly payments at 14.99% APR')
  })

  it('does not invent terms from malformed attributes', () => {
    expect(words('INSTALLMENTS', 'twelve', '9.99')).toBe('Terms not set')
    expect(words('UNKNOWN', '12', '')).toBe('12 monthly payments')
  })
})
