import { describe, expect, it } from 'vitest'
import { centsToText, checkIssueDraft, emptyIssueDraft, parseAmount } from './issue-form'

const PROGRAM = '40000000-0000-4000-8000-000000000002'

describe('parseAmount', () => {
  it.each([
    ['250', 250_00],
    ['250.5', 250_50],
    ['250.', 250_00],
    ['.75', 75],
    ['$1,250.00', 1_250_00],
    ['1,250', 1_250_00],
    ['1 250,50', 1_250_50],
    ['1.250,50', 1_250_50],
    ['250,5', 250_50],
    [' 10000 ', 10_000_00],
    ['US$99.99', 99_99],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseAmount(text)).toBe(cents)
  })

  it.each(['', '$', 'abc', '-5', '12.345', '1.250', '1,25,0', '2.5.0', '250.001', '12a'])(
    'refuses %j',
    (text) => {
      expect(parseAmount(text)).toBeNull()
    },
  )

  it('writes cents back as an editable amount', () => {
    expect(centsToText(250_05)).toBe('250.05')
    expect(parseAmount(centsToText(1_234_56))).toBe(1_234_56)
  })
})

describe('checkIssueDraft', () => {
  it('chooses the program when there is only one', () => {
    expect(emptyIssueDraft([PROGRAM])).toEqual({ amount: '', programID: PROGRAM })
    expect(emptyIssueDraft([PROGRAM, 'other'])).toEqual({ amount: '', programID: '' })
  })

  it('gives the request for a valid draft', () => {
    expect(checkIssueDraft({ amount: '$1,250.00', programID: PROGRAM }, [PROGRAM])).toEqual({
      errors: {},
      request: { programID: PROGRAM, amount: 1_250_00 },
    })
  })

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['twelve', 'amount'],
    ['0.99', 'tooSmall'],
    ['0', 'tooSmall'],
    ['1.00', null],
    ['10000.00', null],
    ['10000.01', 'tooLarge'],
    ['99999999999999999999', 'tooLarge'],
  ])('says what is wrong with the amount %j', (amount, error) => {
    const check = checkIssueDraft({ amount, programID: PROGRAM }, [PROGRAM])
    expect(check.errors.amount ?? null).toBe(error)
    expect(check.request === null).toBe(error !== null)
  })

  it('needs one of the merchant’s virtual card programs', () => {
    expect(checkIssueDraft({ amount: '25', programID: '' }, [PROGRAM]).errors).toEqual({
      programID: 'program',
    })
    expect(checkIssueDraft({ amount: '25', programID: 'another' }, [PROGRAM]).errors).toEqual({
      programID: 'program',
    })
    expect(checkIssueDraft({ amount: '', programID: '' }, [PROGRAM]).errors).toEqual({
      amount: 'required',
      programID: 'program',
    })
  })
})
