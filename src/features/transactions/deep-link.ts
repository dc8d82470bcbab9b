import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat'

dayjs.extend(customParseFormat)

/** How dates are shown in the transaction date filter. */
export const FILTER_DATE_FORMAT = 'MM/DD/YYYY'
const ACCEPTED_FORMATS = ['YYYY-MM-DD', FILTER_DATE_FORMAT]

export interface DateRange {
  from: string
  to: string
}

/** A calendar date given as `yyyy-MM-dd` or `MM/dd/yyyy`; null for anything else (e.g. 02/30/2026). */
export function parseCalendarDate(value: string): dayjs.Dayjs | null {
  for (const format of ACCEPTED_FORMATS) {
    const parsed = dayjs(value.trim(), format, true)
    if (parsed.isValid()) return parsed
  }
  return null
}

/**
 * A deep link names one day; the filter opens one day either side of it, because the link's
 * sender and the merchant may not share a time zone.
 */
export function widenDeepLinkDate(value: string): DateRange | null {
  const day = parseCalendarDate(value)
  if (!day) return null
  return {
    from: day.subtract(1, 'day').format(FILTER_DATE_FORMAT),
    to: day.add(1, 'day').format(FILTER_DATE_FORMAT),
  }
}
