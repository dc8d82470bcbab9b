import * as v from 'valibot'
import { typedText } from '../../drafts/typed-text'

// Apart from the form's rules (./issue-form.ts): the transactions page needs the step-up key to open
// the dialog again after a fresh sign-in, and only the dialog's code needs the rules.

/** The issuance's key among step-up actions (src/shared/form/use-step-up.ts). */
export const ISSUE_STEP_UP = 'virtual-cards:issue'

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
