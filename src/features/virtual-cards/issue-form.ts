import * as v from 'valibot'
import { VIRTUAL_CARD_LIMITS, type VirtualCardIssueRequest } from '../../../contract/virtual-cards'
import { parseAmount } from '../../shared/money'
import type { IssueDraft } from './issue-draft'

export type IssueFieldError = 'required' | 'amount' | 'tooSmall' | 'tooLarge' | 'program'

/** Starts with the program chosen when there is only one to choose. */
export function emptyIssueDraft(programIds: readonly string[]): IssueDraft {
  return { amount: '', programID: programIds.length === 1 ? (programIds[0] ?? '') : '' }
}

/**
 * Reads the draft into the request, checked against the limits and the merchant's virtual card
 * programs; each issue's message is an IssueFieldError, which the dialog puts into words.
 */
export function issueDraftSchema(
  programIds: readonly string[],
): v.GenericSchema<IssueDraft, VirtualCardIssueRequest> {
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
