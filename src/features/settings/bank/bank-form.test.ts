import { setupI18n } from '@lingui/core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { formErrors } from '../../../../test/support/form-errors'
import { type BankValues, bankDraftShape, bankDraftValues, bankSchema } from './bank-form'

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } })
const schema = bankSchema(i18n)
const valid: BankValues = {
  accountHolder: ' Acme Outdoor ',
  routingNumber: '121 000 358',
  accountNumber: '0001-2345-6789',
  confirmLast4: '6789',
  accountType: 'CHECKING',
}

function errorsOf(values: BankValues) {
  const result = v.safeParse(schema, values)
  return result.success ? {} : formErrors(schema, values)
}

describe('the bank account form', () => {
  it('sends digits only, the account number once', () => {
    expect(v.parse(schema, valid)).toEqual({
      accountHolder: 'Acme Outdoor',
      routingNumber: '121000358',
      accountNumber: '000123456789',
      accountType: 'CHECKING',
    })
  })

  it('checks the routing number with the ABA checksum and the last 4 digits typed again', () => {
    expect(errorsOf({ ...valid, routingNumber: '121000359' })).toEqual({
      routingNumber: 'This is not a valid routing number. Check it against a cheque or with your bank.',
    })
    expect(errorsOf({ ...valid, routingNumber: '12100035' }).routingNumber).toBe(
      'Enter the 9-digit routing number.',
    )
    expect(errorsOf({ ...valid, confirmLast4: '6780' })).toEqual({
      confirmLast4: 'These are not the account number’s last 4 digits. Check the number.',
    })
    expect(errorsOf({ ...valid, confirmLast4: '67' }).confirmLast4).toBe(
      'Type the account number’s last 4 digits again.',
    )
    expect(errorsOf({ ...valid, accountNumber: '123', confirmLast4: '0123' }).accountNumber).toBe(
      'Enter the account number: 4 to 17 digits.',
    )
  })
})

describe('a draft of the bank account form', () => {
  it('keeps the holder and the type, and blanks the routing and account numbers', () => {
    expect(bankDraftValues(valid)).toEqual({
      accountHolder: ' Acme Outdoor ',
      routingNumber: '',
      accountNumber: '',
      confirmLast4: '',
      accountType: 'CHECKING',
    })
    expect(v.is(bankDraftShape, bankDraftValues(valid))).toBe(true)
  })

  it('is refused when read back holding any number', () => {
    expect(v.is(bankDraftShape, { ...bankDraftValues(valid), routingNumber: '121000358' })).toBe(false)
    expect(v.is(bankDraftShape, { ...bankDraftValues(valid), accountNumber: '000123456789' })).toBe(false)
    expect(v.is(bankDraftShape, { ...bankDraftValues(valid), confirmLast4: '6789' })).toBe(false)
    expect(v.is(bankDraftShape, valid)).toBe(false)
  })
})
