import * as v from 'valibot'
import { LOCATION_STATUSES, LocationSchema } from '../../../contract/locations'
import { openPicklist, pageReader } from './common'

// A closed day's times are null; a platform may leave them out instead (absent reads as null), and the
// contract's rules for a week's hours hold as for any answer.
const WeekHoursReader = v.pipe(
  v.array(v.unknown()),
  v.transform((days) =>
    days.map((day) =>
      typeof day === 'object' && day !== null ? { opens: null, closes: null, ...day } : day,
    ),
  ),
  LocationSchema.entries.hours,
)

export const LocationReader = v.object({
  ...LocationSchema.entries,
  hours: WeekHoursReader,
  status: openPicklist(LOCATION_STATUSES),
})
export type Location = v.InferOutput<typeof LocationReader>

export const LocationPageReader = pageReader(LocationReader)
