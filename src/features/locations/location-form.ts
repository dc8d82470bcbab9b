import * as v from 'valibot'
import type { Open } from '../../api/schemas/common'
import {
  LOCATION_NAME_MAX,
  type Location,
  type LocationStatus,
  type LocationUpdate,
  TIME_PATTERN,
  type Weekday,
} from '../../api/schemas/locations'
import { displayPhone, parsePhone } from '../../shared/phone'

/** What the edit form holds, as typed. */
export interface LocationDraft {
  name: string
  phone: string
  /** A status the portal does not know stays as it is unless the user picks another. */
  status: Open<LocationStatus>
  hours: { day: Weekday; closed: boolean; opens: string; closes: string }[]
}

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

const draftSchema = v.object({
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
    v.check<string, LocationFieldError>((text) => parsePhone(text) !== null, 'phone'),
  ),
})

export interface LocationCheck {
  /** First problem per field: `name`, `phone`, `hours.MON.opens`, `hours.MON.closes`. */
  errors: Readonly<Record<string, LocationFieldError>>
  update: LocationUpdate | null
}

export function checkLocationDraft(draft: LocationDraft): LocationCheck {
  const errors: Record<string, LocationFieldError> = {}
  const result = v.safeParse(draftSchema, { name: draft.name, phone: draft.phone }, { abortPipeEarly: true })
  for (const issue of result.success ? [] : result.issues) {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.')
    errors[path] ??= issue.message as LocationFieldError
  }
  for (const hours of draft.hours) {
    if (hours.closed) continue
    for (const key of ['opens', 'closes'] as const) {
      const checked = v.safeParse(time, hours[key], { abortPipeEarly: true })
      if (!checked.success)
        errors[`hours.${hours.day}.${key}`] = checked.issues[0].message as LocationFieldError
    }
    if (
      !errors[`hours.${hours.day}.opens`] &&
      !errors[`hours.${hours.day}.closes`] &&
      hours.opens >= hours.closes
    ) {
      errors[`hours.${hours.day}.closes`] = 'order'
    }
  }
  if (Object.keys(errors).length > 0 || !result.success) return { errors, update: null }
  return {
    errors,
    update: {
      name: result.output.name,
      phone: parsePhone(result.output.phone) ?? result.output.phone,
      status: draft.status,
      hours: draft.hours.map((hours) =>
        hours.closed
          ? { day: hours.day, closed: true, opens: null, closes: null }
          : { day: hours.day, closed: false, opens: hours.opens.trim(), closes: hours.closes.trim() },
      ),
    },
  }
}
