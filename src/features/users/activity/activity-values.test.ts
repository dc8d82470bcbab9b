import { describe, expect, it } from 'vitest'
import { merchantFormat } from '../../../shared/use-merchant-format'
import { activityValue } from './activity-values'

const usd = merchantFormat({ currency: 'USD', timeZone: 'America/Denver' }, 'en-US')
const cad = merchantFormat({ currency: 'CAD', timeZone: 'America/Toronto' }, 'fr-CA')

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

  it('shows a moment as a date and time in the merchant’s time zone', () => {
    // 2026-11-30 12:37 UTC is 5:37 AM in Denver (MST, UTC−7).
    expect(activityValue('bank_account', 'payoutsHeldUntil', '2026-11-30T12:37:16.334Z', usd)).toBe(
      usd.dateTime(new Date('2026-11-30T12:37:16.334Z')),
    )
    expect(activityValue('bank_account', 'payoutsHeldUntil', '2026-11-30T12:37:16.334Z', usd)).toContain(
      '5:37',
    )
    expect(activityValue('access_key', 'expiresAt', '2026-11-27T13:37:16Z', cad)).toContain('08 h 37')
    expect(activityValue('access_key', 'name', '2026-11-27T13:37:16Z', usd)).toBe('2026-11-27T13:37:16Z')
    expect(activityValue('user', 'invitedAt', 'yesterday', usd)).toBe('yesterday')
  })
})
