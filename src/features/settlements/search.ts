import * as v from 'valibot'
import { SETTLEMENT_ID_PATTERN } from '../../../contract/settlement-id'
import { type IsoDate, parseFilterDate } from '../../shared/calendar'
import { type CalendarRange, lastDays, ordered } from './range'

/** What the report shows when the URL names no range. */
export const DEFAULT_RANGE_DAYS = 30

// Dates in the URL read as the date filter shows them, MM/dd/yyyy, like the transactions page's.
const filterDate = v.pipe(
  v.string(),
  v.check((value) => parseFilterDate(value) !== null),
)

/**
 * The settlement report's URL: the range and the settlement whose transactions are open. Each field
 * falls back on its own, so one bad value in a shared link loses only that value.
 */
export const settlementSearchSchema = v.object({
  from: v.fallback(v.optional(filterDate), undefined),
  to: v.fallback(v.optional(filterDate), undefined),
  settlement: v.fallback(v.optional(v.pipe(v.string(), v.regex(SETTLEMENT_ID_PATTERN))), undefined),
})
export type SettlementSearch = v.InferOutput<typeof settlementSearchSchema>

/** The range a URL asks for; without both ends, the last 30 days of the merchant's calendar. */
export function rangeFromSearch(
  search: SettlementSearch,
  timeZone: string,
  now: Date | number = Date.now(),
): CalendarRange {
  const from: IsoDate | null = search.from ? parseFilterDate(search.from) : null
  const to: IsoDate | null = search.to ? parseFilterDate(search.to) : null
  return from && to ? ordered(from, to) : lastDays(DEFAULT_RANGE_DAYS, timeZone, now)
}
