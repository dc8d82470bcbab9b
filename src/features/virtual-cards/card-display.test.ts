import { describe, expect, it } from 'vitest'
import { isLuhnValid, luhnCheckDigit } from '../../../contract/virtual-cards'
import type { Program } from '../../api/schemas/programs'
import { cardExpiry, groupedCardNumber, maskedCardNumber, virtualCardPrograms } from './card-display'

const program = (
  id: string,
  channel: Program['channel'],
  checkoutMode: Program['checkoutMode'],
): Program => ({
  id,
  name: id,
  channel,
  checkoutMode,
  displayInterestRateBPS: 0,
  currency: 'USD',
})

describe('showing a card', () => {
  it('masks all but the last four digits', () => {
    expect(maskedCardNumber('7890')).toBe('•••• •••• •••• 7890')
  })

  it('groups the full number in fours', () => {
    expect(groupedCardNumber('4000001234567890')).toBe('4000 0012 3456 7890')
  })

  it('prints the expiry as MM/YY', () => {
    expect(cardExpiry(5, 2026)).toBe('05/26')
    expect(cardExpiry(12, 2030)).toBe('12/30')
  })

  it('knows a Luhn-valid number', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true)
    expect(isLuhnValid('4242424242424241')).toBe(false)
    expect(isLuhnValid('4242 4242 4242 4242')).toBe(false)
    expect(luhnCheckDigit('424242424242424')).toBe(2)
    expect(luhnCheckDigit('400000123456789')).toBe(9)
    expect(isLuhnValid('4000001234567899')).toBe(true)
  })
})

describe('where a card is issued', () => {
  it('offers only the in-store virtual card programs', () => {
    const programs = [
      program('online', 'ECOMM', 'Modal'),
      program('till', 'INSTORE', 'VirtualCard'),
      program('clinic', 'INSTORE', 'Modal'),
    ]
    expect(virtualCardPrograms(programs).map((p) => p.id)).toEqual(['till'])
  })
})
