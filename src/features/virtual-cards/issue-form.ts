import * as v from 'valibot'
import { VIRTUAL_CARD_LIMITS, type VirtualCardIssueRequest } from '../../api/schemas/virtual-cards'

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

const PATTERNS = [
  // 250, 250.5, 250,50 (a lone separator before at most two digits is the decimal one), .50, 250.
  /^(?<whole>\d*)(?:[.,](?<fraction>\d{0,2}))?$/,
  // 1,250 and 1,250.50: commas group thousands
  /^(?<whole>\d{1,3}(?:,\d{3})+)(?:\.(?<fraction>\d{1,2}))?$/,
  // 1.250,50: dots group thousands when a decimal comma follows
  /^(?<whole>\d{1,3}(?:\.\d{3})+),(?<fraction>\d{1,2})$/,
]

/**
 * Reads an amount in dollars the way people type it (`250`, `$1,250.00`, `1 250,50`) into integer
 * cents; null when it is not one. A dot before three digits (`1.250`) is too ambiguous to guess.
 */
export function parseAmount(text: string): number | null {
  const compact = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^(?:US)?\$|\$$/g, '')
  if (!/\d/.test(compact)) return null
  for (const pattern of PATTERNS) {
    const groups = pattern.exec(compact)?.groups
    if (!groups) continue
    const whole = (groups.whole ?? '').replace(/[.,]/g, '')
    const cents = Number(whole || '0') * 100 + Number((groups.fraction ?? '').padEnd(2, '0'))
    // Past 2^53 the value is no longer exact, but it is far above any limit, which is what gets said.
    return Number.isFinite(cents) ? cents : null
  }
  return null
}

/** Cents as a plain editable amount: 25000 → `250.00`. */
export function centsToText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

function draftSchema(programIds: readonly string[]) {
  return v.object({
    amount: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty<string, IssueFieldError>('required'),
      v.transform((text) => parseAmount(text) ?? Number.NaN),
      v.check<number, IssueFieldError>((cents) => !Number.isNaN(cents), 'amount'),
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
