import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import {
  ACCOUNT_NUMBER_PATTERN,
  type BankAccountType,
  BankAccountTypeSchema,
  type BankInformationUpdate,
  isValidRoutingNumber,
} from '../../../../contract/settings'
import type { BankInformation } from '../../../api/schemas/settings'
import { typedText } from '../../../drafts/typed-text'

export interface BankValues {
  accountHolder: string
  routingNumber: string
  accountNumber: string
  accountNumberAgain: string
  accountType: BankAccountType
}

/** A change starts from the holder and type on file; the numbers are always typed afresh. */
export function bankValues(bank: BankInformation): BankValues {
  return {
    accountHolder: bank.accountHolder,
    routingNumber: '',
    accountNumber: '',
    accountNumberAgain: '',
    accountType: bank.accountType,
  }
}

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '')

export function bankSchema(i18n: I18n): v.GenericSchema<BankValues, BankInformationUpdate> {
  return v.pipe(
    v.object({
      accountHolder: v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty(i18n._(msg`Enter the name on the bank account.`)),
        v.maxLength(80, i18n._(msg`Use at most 80 characters.`)),
      ),
      routingNumber: v.pipe(
        v.string(),
        v.transform(digitsOnly),
        v.regex(/^\d{9}$/, i18n._(msg`Enter the 9-digit routing number.`)),
        v.check(
          isValidRoutingNumber,
          i18n._(msg`This is not a valid routing number. Check it against a cheque or with your bank.`),
        ),
      ),
      accountNumber: v.pipe(
        v.string(),
        v.transform(digitsOnly),
        v.regex(ACCOUNT_NUMBER_PATTERN, i18n._(msg`Enter the account number: 4 to 17 digits.`)),
      ),
      accountNumberAgain: v.pipe(v.string(), v.transform(digitsOnly)),
      accountType: BankAccountTypeSchema,
    }),
    v.forward(
      v.partialCheck(
        [['accountNumber'], ['accountNumberAgain']],
        ({ accountNumber, accountNumberAgain }) => accountNumber === accountNumberAgain,
        i18n._(msg`The account numbers do not match.`),
      ),
      ['accountNumberAgain'],
    ),
    v.transform(({ accountNumberAgain: _again, ...update }): BankInformationUpdate => update),
  )
}

/**
 * What of a bank account change a draft may keep across a sign-in (src/drafts): the holder and the
 * type. The routing and account numbers are never written to browser storage, nor read back from it.
 */
export function bankDraftValues(values: BankValues): BankValues {
  return { ...values, routingNumber: '', accountNumber: '', accountNumberAgain: '' }
}

export const bankDraftShape: v.GenericSchema<unknown, BankValues> = v.strictObject({
  accountHolder: typedText,
  routingNumber: v.literal(''),
  accountNumber: v.literal(''),
  accountNumberAgain: v.literal(''),
  accountType: BankAccountTypeSchema,
})
