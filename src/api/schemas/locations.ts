import * as v from 'valibot'
import { LOCATION_NAME_MAX, LOCATION_STATUSES, WeekHoursSchema } from '../../../contract/locations'
import { AddressSchema, PHONE_PATTERN } from './carts'
import { isoDate, opaqueId, openPicklist, paged } from './common'

export * from '../../../contract/locations'

export const LocationStatusSchema = openPicklist(LOCATION_STATUSES)
export type LocationStatus = (typeof LOCATION_STATUSES)[number]

// A closed day's times are null; a platform may leave them out instead (absent reads as null), and the
// contract's rules for a week's hours hold as for any answer.
const ReadWeekHoursSchema = v.pipe(
  v.array(v.unknown()),
  v.transform((days) =>
    days.map((day) =>
      typeof day === 'object' && day !== null ? { opens: null, closes: null, ...day } : day,
    ),
  ),
  WeekHoursSchema,
)

export const LocationSchema = v.object({
  id: opaqueId,
  merchantID: opaqueId,
  /** The merchant's own store number, e.g. `0042`. */
  storeNumber: v.string(),
  name: v.string(),
  address: AddressSchema,
  /** E.164, US numbers only. */
  phone: v.pipe(v.string(), v.regex(PHONE_PATTERN)),
  hours: ReadWeekHoursSchema,
  status: LocationStatusSchema,
  updatedAt: isoDate,
})
export type Location = v.InferOutput<typeof LocationSchema>

export const LocationPageSchema = paged(LocationSchema)

/** PATCH /api/merchant/{merchantID}/locations/{locationID} (u:merchant): the editable fields, all of them. */
export const LocationUpdateSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LOCATION_NAME_MAX)),
  phone: v.pipe(v.string(), v.regex(PHONE_PATTERN)),
  hours: WeekHoursSchema,
  status: LocationStatusSchema,
})
export type LocationUpdate = v.InferOutput<typeof LocationUpdateSchema>
