import * as v from 'valibot'
import {
  LOCATION_NAME_MAX,
  type LocationStatus,
  type LocationUpdate,
  TIME_PATTERN,
  type Weekday,
  WeekdaySchema,
} from '../../../contract/locations'
import type { Open } from '../../api/schemas/common'
import type { Location } from '../../api/schemas/locations'
import { typedText } from '../../drafts/typed-text'
import { displayPhone, parsePhone } from '../../shared/phone'

/** What the edit form holds, as typed. */
export interface LocationDraft extends Record<string, unknown> {
  name: string
  phone: string
  /** A status the portal does not know stays as it is unless the user picks another. */
  status: Open<LocationStatus>
  hours: { day: Weekday; closed: boolean; opens: string; closes: string }[]
}

/** What the form sends: the contract's update, with a status the portal does not know sent back as read. */
export type LocationEdit = Omit<LocationUpdate, 'status'> & { status: Open<LocationStatus> }

export type LocationFieldError = 'required' | 'tooLong' | 'phone' | 'time' | 'order'

export function locationToDraft(location: Location): LocationDraft {
  return {
    name: location.name,
    phone: displayPhone(location.phone),
    status: location.status,
    hours: location.hours.map((hours) => ({
      day: hours.day,
      closed: hours.closed,
      opens: hours.opens ?? '',
      closes: hours.closes ?? '',
    })),
  }
}

const time = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty<string, LocationFieldError>('required'),
  v.regex<string, LocationFieldError>(TIME_PATTERN, 'time'),
)

const dayHours = v.variant('closed', [
  v.pipe(
    v.object({ day: WeekdaySchema, closed: v.literal(true), opens: v.string(), closes: v.string() }),
    v.transform(({ day }) => ({ day, closed: true, opens: null, closes: null })),
  ),
  v.pipe(
    v.object({ day: WeekdaySchema, closed: v.literal(false), opens: time, closes: time }),
    // Said only once both times are times.
    v.forward(
      v.partialCheck(
        [['opens'], ['closes']],
        (hours) => hours.opens < hours.closes,
        'order' satisfies LocationFieldError,
      ),
      ['closes'],
    ),
  ),
])

/**
 * Reads the edit form into the update; each issue's message is a LocationFieldError, by path: `name`,
 * `phone`, `hours.<index of the day>.opens`, `hours.<index>.closes`.
 */
export const locationDraftSchema: v.GenericSchema<LocationDraft, LocationEdit> = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty<string, LocationFieldError>('required'),
    v.maxLength<string, number, LocationFieldError>(LOCATION_NAME_MAX, 'tooLong'),
  ),
  phone: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty<string, LocationFieldError>('required'),
    v.transform(parsePhone),
    v.string('phone' satisfies LocationFieldError),
  ),
  // Kept as chosen: a status the portal does not know stays unless the user picks another.
  status: v.custom<Open<LocationStatus>>((value) => typeof value === 'string'),
  hours: v.array(dayHours),
})

/** The edit form's values as typed, for a draft kept across a sign-in (src/drafts). */
export const locationDraftShape: v.GenericSchema<unknown, LocationDraft> = v.strictObject({
  name: typedText,
  phone: typedText,
  status: v.custom<Open<LocationStatus>>((value) => typeof value === 'string' && value.length <= 200),
  hours: v.pipe(
    v.array(v.strictObject({ day: WeekdaySchema, closed: v.boolean(), opens: typedText, closes: typedText })),
    v.maxLength(7),
  ),
})
