import * as v from 'valibot'
import { VIRTUAL_CARD_LIMITS, type VirtualCardIssueRequest } from '../../api/schemas/virtual-cards'
import { parseAmount } from '../../shared/money'

/** What the issuance form holds, as typed. */
export interface IssueDraft {
  amount: string
  programID: string
}

export type IssueField = keyof IssueDraft
export type IssueFieldError = 'required' | 'amount' | 'tooSmall' | 'tooLarge' | 'program'

/** Starts with the program chosen when there is only one to choose. */
export function emptyIssueDraft(programIds: readonly string[]): IssueDraft {
  return { amount: '', programID: programIds.length === 1 ? (programIds[0] ?? '') : '' }
}

function draftSchema(programIds: readonly string[]) {
  return v.object({
    amount: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty<string, IssueFieldError>('required'),
      v.transform(parseAmount),
      v.number('amount' satisfies IssueFieldError),
      v.minValue<number, number, IssueFieldError>(VIRTUAL_CARD_LIMITS.minCents, 'tooSmall'),
      v.maxValue<number, number, IssueFieldError>(VIRTUAL_CARD_LIMITS.maxCents, 'tooLarge'),
    ),
    programID: v.pipe(
      v.string(),
      v.check<string, IssueFieldError>((id) => programIds.includes(id), 'program'),
    ),
  })
}

export interface IssueCheck {
  /** The first problem of each field. */
  errors: Partial<Record<IssueField, IssueFieldError>>
  /** What to send, when there is no problem. */
  request: VirtualCardIssueRequest | null
}

/** Checks the draft against the limits and the merchant's virtual card programs. */
export function checkIssueDraft(draft: IssueDraft, programIds: readonly string[]): IssueCheck {
  const result = v.safeParse(draftSchema(programIds), draft)
  if (result.success) {
    return { errors: {}, request: { programID: result.output.programID, amount: result.output.amount } }
  }
  const errors: Partial<Record<IssueField, IssueFieldError>> = {}
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key
    if (field === 'amount' || field === 'programID') errors[field] ??= issue.message as IssueFieldError
  }
  return { errors, request: null }
}
