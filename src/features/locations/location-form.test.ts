import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { WEEKDAYS } from '../../../contract/locations'
import { formErrors } from '../../../test/support/form-errors'
import { type LocationDraft, locationDraftSchema } from './location-form'

function draft(): LocationDraft {
  return {
    name: ' Downtown ',
    phone: '(303) 555-0142',
    status: 'OPEN',
    hours: WEEKDAYS.map((day) => ({ day, closed: day === 'SUN', opens: '09:00', closes: '17:00' })),
  }
}

const errorsOf = (value: LocationDraft) => {
  const result = v.safeParse(locationDraftSchema, value)
  return result.success ? {} : formErrors(locationDraftSchema, value)
}

describe('the location edit form', () => {
  it('reads a complete draft into the update: trimmed name, E.164 phone, no times on closed days', () => {
    const result = v.safeParse(locationDraftSchema, draft())
    expect(result.success && result.output).toMatchObject({
      name: 'Downtown',
      phone: '+13035550142',
      status: 'OPEN',
    })
    expect(result.success && result.output.hours[0]).toEqual({
      day: 'MON',
      closed: false,
      opens: '09:00',
      closes: '17:00',
    })
    expect(result.success && result.output.hours[6]).toEqual({
      day: 'SUN',
      closed: true,
      opens: null,
      closes: null,
    })
  })

  it('names the first problem of each field by its path', () => {
    const value = draft()
    const [monday, tuesday, wednesday] = value.hours
    if (!monday || !tuesday || !wednesday) throw new Error('no hours')
    expect(
      errorsOf({
        ...value,
        name: '  ',
        phone: '123-456-7890',
        hours: [
          { ...monday, opens: '' },
          { ...tuesday, opens: '18:00' },
          { ...wednesday, closes: 'noon' },
          ...value.hours.slice(3),
        ],
      }),
    ).toEqual({
      name: 'required',
      phone: 'phone',
      'hours.0.opens': 'required',
      'hours.1.closes': 'order',
      'hours.2.closes': 'time',
    })
  })

  it('needs a phone number, and keeps a status the portal does not know', () => {
    expect(errorsOf({ ...draft(), phone: '' })).toEqual({ phone: 'required' })
    expect(errorsOf({ ...draft(), status: 'RELOCATING' as LocationDraft['status'] })).toEqual({})
  })
})
