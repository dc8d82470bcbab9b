import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { PAYMENT_PRODUCT_TYPES, type PaymentProductType } from '../../../../contract/payment-products'
import type { Open } from '../../../api/schemas/common'
import type { PaymentProductConfiguration } from '../../../api/schemas/payment-products'

export interface Terms {
  type: Open<PaymentProductType>
  payments: number | null
  /** Annual percentage rate in percent (9.99 means 9.99%); null when the configuration has none. */
  rate: number | null
}

/** Reads the TYPE, NUMPAYMENTS and RATE attributes; a malformed number counts as missing. */
export function termsOf(configuration: PaymentProductConfiguration): Terms {
  const attribute = (name: 'TYPE' | 'NUMPAYMENTS' | 'RATE') =>
    configuration.attributes.find((candidate) => candidate.name === name)?.value
  const number = (text: string | undefined) => {
    if (text === undefined || text.trim() === '') return null
    const value = Number(text)
    return Number.isFinite(value) ? value : null
  }
  const payments = number(attribute('NUMPAYMENTS'))
  const typeAttribute = attribute('TYPE')
  const type =
    PAYMENT_PRODUCT_TYPES.find((candidate) => candidate === typeAttribute) ??
    configuration.paymentProduct.type
  return {
    type,
    payments: payments !== null && Number.isInteger(payments) && payments > 0 ? payments : null,
    rate: number(attribute('RATE')),
  }
}

export const PRODUCT_TYPE_NAMES: Record<PaymentProductType, MessageDescriptor> = {
  INSTALLMENTS: msg`Installment loan`,
  SPLITPAY: msg`Pay in 4`,
  DEBT_CONSOLIDATION: msg`Debt consolidation`,
  HYBRID_LINE_OF_CREDIT: msg`Hybrid line of credit`,
}

/**
 * A configuration's terms in words: "12 monthly payments at 9.99% APR", "4 payments every two weeks,
 * interest-free". `percent` formats a rate given in percent in the user's locale.
 */
export function describeTerms(terms: Terms, i18n: I18n, percent: (value: number) => string): string {
  const { payments, rate } = terms
  if (payments === null) return i18n._(msg`Terms not set`)
  const count = payments
  const apr = rate === null ? null : percent(rate)
  const free = rate === 0
  switch (terms.type) {
    case 'SPLITPAY':
      if (free) {
        return i18n._(
          msg`${plural(count, { one: '# payment', other: '# payments' })} every two weeks, interest-free`,
        )
      }
      if (apr === null)
        return i18n._(msg`${plural(count, { one: '# payment', other: '# payments' })} every two weeks`)
      return i18n._(
        msg`${plural(count, { one: '# payment', other: '# payments' })} every two weeks at ${apr} APR`,
      )
    case 'HYBRID_LINE_OF_CREDIT':
      if (free) {
        return i18n._(
          msg`Line of credit, paid over ${plural(count, { one: '# month', other: '# months' })}, interest-free`,
        )
      }
      if (apr === null) {
        return i18n._(msg`Line of credit, paid over ${plural(count, { one: '# month', other: '# months' })}`)
      }
      return i18n._(
        msg`Line of credit, paid over ${plural(count, { one: '# month', other: '# months' })} at ${apr} APR`,
      )
    default:
      if (free) {
        return i18n._(
          msg`${plural(count, { one: '# monthly payment', other: '# monthly payments' })}, interest-free`,
        )
      }
      if (apr === null) {
        return i18n._(msg`${plural(count, { one: '# monthly payment', other: '# monthly payments' })}`)
      }
      return i18n._(
        msg`${plural(count, { one: '# monthly payment', other: '# monthly payments' })} at ${apr} APR`,
      )
  }
}
