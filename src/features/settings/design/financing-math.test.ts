import { describe, expect, it } from 'vitest'
import { contrastRatio, monthlyPayment, readableTextOn } from './financing-math'

describe('monthlyPayment', () => {
  it('amortises at the APR and rounds up to the cent', () => {
    // $1,000 over 12 months at 9.99% APR is $87.92 a month (rounded up).
    expect(monthlyPayment(100_000, 9.99, 12)).toBe(8792)
    expect(monthlyPayment(25_000, 29.99, 36)).toBe(1062)
  })

  it('divides an interest-free plan evenly', () => {
    expect(monthlyPayment(25_000, 0, 12)).toBe(2084)
    expect(monthlyPayment(25_000, 0, 4)).toBe(6250)
    expect(monthlyPayment(0, 9.99, 12)).toBe(0)
  })
})

describe('button text contrast', () => {
  it('picks white on dark colours and dark text on light ones', () => {
    expect(readableTextOn('#1C7C54')).toBe('#FFFFFF')
    expect(readableTextOn('#FFD43B')).toBe('#1A1B1E')
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21)
  })
})
