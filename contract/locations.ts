import * as v from 'valibot'
import { AddressSchema, PHONE_PATTERN } from './carts'
import { dataOf, isoDate, opaqueId, paged } from './common'
import { LOCATION_STATUSES } from './values'

export { LOCATION_STATUSES }
export const LocationStatusSchema = v.picklist(LOCATION_STATUSES)
export type LocationStatus = v.InferOutput<typeof LocationStatusSchema>

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const
export const WeekdaySchema = v.picklist(WEEKDAYS)
export type Weekday = v.InferOutput<typeof WeekdaySchema>

export const LOCATION_PAGE_LIMIT = 100
export const LOCATION_NAME_MAX = 80

/** A local time of day, `HH:mm` (24-hour). */
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/
const time = v.pipe(v.string(), v.regex(TIME_PATTERN))

/** One day's opening hours in the store's local time; a closed day has no times. */
export const DayHoursSchema = v.pipe(
  v.object({
    day: WeekdaySchema,
    closed: v.boolean(),
    opens: v.nullable(time),
    closes: v.nullable(time),
  }),
  v.check(
    (hours) =>
      hours.closed
        ? hours.opens === null && hours.closes === null
        : hours.opens !== null && hours.closes !== null && hours.opens < hours.closes,
    'An open day needs an opening time before its closing time; a closed day has none.',
  ),
)
export type DayHours = v.InferOutput<typeof DayHoursSchema>

/** Exactly one entry per weekday, Monday first. */
export const WeekHoursSchema = v.pipe(
  v.array(DayHoursSchema),
  v.check(
    (week) => week.length === WEEKDAYS.length && week.every((hours, index) => hours.day === WEEKDAYS[index]),
    'Hours must list each day once, Monday to Sunday.',
  ),
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
  hours: WeekHoursSchema,
  status: LocationStatusSchema,
  updatedAt: isoDate,
})
export type Location = v.InferOutput<typeof LocationSchema>

export const LocationPageSchema = paged(LocationSchema)
export type LocationPage = v.InferOutput<typeof LocationPageSchema>['data']
export const LocationResponseSchema = dataOf(LocationSchema)

/** PATCH /api/merchant/{merchantID}/locations/{locationID} (u:merchant): the editable fields, all of them. */
export const LocationUpdateSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LOCATION_NAME_MAX)),
  phone: v.pipe(v.string(), v.regex(PHONE_PATTERN)),
  hours: WeekHoursSchema,
  status: LocationStatusSchema,
})
export type LocationUpdate = v.InferOutput<typeof LocationUpdateSchema>
