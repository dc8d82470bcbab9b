import { TARGETING_MAX_DAYS } from '../../../contract/targeting-exports'
import { daysBetween, type IsoDate } from '../../shared/calendar'

export interface ExportDraft {
  from: IsoDate | null
  to: IsoDate | null
  programID: string | null
}

export type ExportProblem = 'rangeRequired' | 'rangeTooLong' | 'rangeInFuture' | 'programRequired'

/** Days in the range with both ends counted, in the merchant's calendar (a DST day is one day). */
export function exportDays(from: IsoDate, to: IsoDate): number {
  return daysBetween(from, to) + 1
}

/**
 * Why the draft cannot be sent yet, or null when it can: a whole range, at most a year long, ending
 * no later than the merchant's today, and a program. The platform checks the same.
 */
export function exportProblem(draft: ExportDraft, today: IsoDate): ExportProblem | null {
  if (!draft.from || !draft.to) return 'rangeRequired'
  if (exportDays(draft.from, draft.to) > TARGETING_MAX_DAYS) return 'rangeTooLong'
  if (draft.to > today) return 'rangeInFuture'
  if (!draft.programID) return 'programRequired'
  return null
}
