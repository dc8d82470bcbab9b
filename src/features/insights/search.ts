import * as v from 'valibot'
import type { InsightInterval } from '../../../contract/insights'
import { INSIGHT_INTERVALS, INSIGHT_MAX_DAYS } from '../../../contract/values'
import { addDays, type IsoDate, parseFilterDate, toFilterDate } from '../../shared/calendar'
import { type DatePreset, presetRange } from '../../shared/date-presets'
import { urlPicklist } from '../../shared/search-params'
import { type DateRange, rangeLength } from './periods'

/** The periods the page offers by name; a name in the URL keeps meaning "the last 30 days" tomorrow. */
export const INSIGHT_PRESETS = [
  'last7',
  'last30',
  'last90',
  'thisMonth',
] as const satisfies readonly DatePreset[]
export type InsightPreset = (typeof INSIGHT_PRESETS)[number]

/** Values the URL leaves out, so a plain `/data-insights` is the last 30 days by day. */
export const INSIGHT_SEARCH_DEFAULTS = { range: 'last30', interval: 'day' } as const satisfies {
  range: InsightPreset
  interval: InsightInterval
}

const filterDate = v.pipe(
  v.string(),
  v.regex(/^\d{2}\/\d{2}\/\d{4}$/),
  v.check((value) => parseFilterDate(value) !== null),
)

/**
 * The insights page's URL: a named period (`range`), or a custom one (`from` and `to`, `MM/dd/yyyy`
 * like the transaction filter, which win over `range`), and the interval. Each field falls back on
 * its own, so one bad value in a shared link loses only that value.
 */
export const insightsSearchSchema = v.object({
  range: v.fallback(
    v.optional(urlPicklist(INSIGHT_PRESETS), INSIGHT_SEARCH_DEFAULTS.range),
    INSIGHT_SEARCH_DEFAULTS.range,
  ),
  from: v.fallback(v.optional(filterDate), undefined),
  to: v.fallback(v.optional(filterDate), undefined),
  interval: v.fallback(
    v.optional(urlPicklist(INSIGHT_INTERVALS), INSIGHT_SEARCH_DEFAULTS.interval),
    INSIGHT_SEARCH_DEFAULTS.interval,
  ),
})
export type InsightsSearch = v.InferOutput<typeof insightsSearchSchema>
export type InsightsSearchInput = v.InferInput<typeof insightsSearchSchema>

/** What the page asks the platform for: calendar dates in the merchant's time zone and the interval. */
export interface InsightsParams extends DateRange {
  interval: InsightInterval
}

/** The named period the URL asks for; null for a custom range. */
export function presetOf(search: InsightsSearch): InsightPreset | null {
  return search.from !== undefined && search.to !== undefined ? null : search.range
}

/**
 * The URL read into a range: a named period counted from the merchant's today, or the custom dates
 * (a backwards range read forwards, one longer than the platform allows cut to its last days).
 */
export function insightsParams(
  search: InsightsSearch,
  timeZone: string,
  now: Date | number = Date.now(),
): InsightsParams {
  const from = search.from ? parseFilterDate(search.from) : null
  const to = search.to ? parseFilterDate(search.to) : null
  let range: DateRange =
    from && to
      ? from <= to
        ? { from, to }
        : { from: to, to: from }
      : presetRange(search.range, timeZone, now)
  if (rangeLength(range) > INSIGHT_MAX_DAYS) {
    range = { from: addDays(range.to, -(INSIGHT_MAX_DAYS - 1)), to: range.to }
  }
  return { ...range, interval: search.interval }
}

/** The search for a custom range (the named period then leaves the URL). */
export function customRangeSearch(from: IsoDate, to: IsoDate): Partial<InsightsSearchInput> {
  return { range: undefined, from: toFilterDate(from), to: toFilterDate(to) }
}
