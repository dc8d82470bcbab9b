import * as v from 'valibot'
import { typedText } from '../../drafts/typed-text'

// Apart from the form's rules (./issue-form.ts), which load with the dialog: the transactions page reads
// a draft kept through a fresh sign-in before the dialog's code is needed.

/** What the issuance form holds, as typed. */
export interface IssueDraft extends Record<string, unknown> {
  amount: string
  programID: string
}

/** The issuance form as typed, for a draft kept across a sign-in (src/drafts). */
export const issueDraftShape: v.GenericSchema<unknown, IssueDraft> = v.strictObject({
  amount: typedText,
  programID: typedText,
})
