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
  /** The new account number's last 4 digits, typed again to catch a typo in the number. */
  confirmLast4: string
  accountType: BankAccountType
}

/** A change starts from the holder and type on file; the numbers are always typed afresh. */
export function bankValues(bank: BankInformation): BankValues {
  return {
    accountHolder: bank.accountHolder,
    routingNumber: '',
    accountNumber: '',
    confirmLast4: '',
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
      confirmLast4: v.pipe(
        v.string(),
        v.transform(digitsOnly),
        v.regex(/^\d{4}$/, i18n._(msg`Type the account number’s last 4 digits again.`)),
      ),
      accountType: BankAccountTypeSchema,
    }),
    v.forward(
      v.partialCheck(
        [['accountNumber'], ['confirmLast4']],
        ({ accountNumber, confirmLast4 }) => accountNumber.slice(-4) === confirmLast4,
        i18n._(msg`These are not the account number’s last 4 digits. Check the number.`),
      ),
      ['confirmLast4'],
    ),
    v.transform(({ confirmLast4: _again, ...update }): BankInformationUpdate => update),
  )
}

/**
 * What of a bank account change a draft may keep across a sign-in (src/drafts), a lapsed session's or
 * a step-up's: the holder and the type. The routing and account numbers (and the last 4 digits typed
 * again) are never written to browser storage, nor read back from it.
 */
export function bankDraftValues(values: BankValues): BankValues {
  return { ...values, routingNumber: '', accountNumber: '', confirmLast4: '' }
}

export const bankDraftShape: v.GenericSchema<unknown, BankValues> = v.strictObject({
  accountHolder: typedText,
  routingNumber: v.literal(''),
  accountNumber: v.literal(''),
  confirmLast4: v.literal(''),
  accountType: BankAccountTypeSchema,
})
