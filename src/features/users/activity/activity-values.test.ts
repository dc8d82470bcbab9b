import { describe, expect, it } from 'vitest'
import { merchantFormat } from '../../../shared/use-merchant-format'
import { activityValue } from './activity-values'

const usd = merchantFormat({ currency: 'USD', timeZone: 'America/Denver' }, 'en-US').money
const cad = merchantFormat({ currency: 'CAD', timeZone: 'America/Toronto' }, 'fr-CA').money

describe('a change’s value in the activity log', () => {
  it('shows a money field’s amount as money in the merchant’s currency and locale', () => {
    expect(activityValue('transaction', 'refunded', '490.94', usd)).toBe('$490.94')
    expect(activityValue('transaction', 'settled', '1234.5', usd)).toBe('$1,234.50')
    expect(activityValue('virtual_card', 'amount', '125.00', cad)).toBe('125,00\u00a0$')
  })

  it('keeps any other field, an unknown target and an amount it cannot read as written', () => {
    expect(activityValue('transaction', 'status', 'SETTLED', usd)).toBe('SETTLED')
    expect(activityValue('bank_account', 'accountNumber', '9012', usd)).toBe('9012')
    expect(activityValue('payout', 'amount', '12.00', usd)).toBe('12.00')
    expect(activityValue('cart', 'total', '12,00 €', usd)).toBe('12,00 €')
  })
})
