import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import {
  type BusinessProfileUpdate,
  CA_POSTAL_CODE,
  COUNTRIES,
  type Country,
  isTimeZone,
  PHONE_PATTERN,
  phoneDigits,
  US_POSTAL_CODE,
  WEBSITE_PATTERN,
} from '../../../../contract/settings'
import type { BusinessProfile } from '../../../api/schemas/settings'
import { typedText } from '../../../drafts/typed-text'

export interface ProfileValues {
  legalName: string
  displayName: string
  contactName: string
  supportEmail: string
  supportPhone: string
  website: string
  line1: string
  line2: string
  city: string
  region: string
  postalCode: string
  country: Country
  timeZone: string
}

export function profileValues(profile: BusinessProfile): ProfileValues {
  const { address } = profile
  return {
    legalName: profile.legalName,
    displayName: profile.displayName,
    contactName: profile.contactName,
    supportEmail: profile.supportEmail,
    supportPhone: profile.supportPhone,
    website: profile.website,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postalCode: address.postalCode,
    country: address.country,
    timeZone: profile.timeZone,
  }
}

/** The business profile's rules, with messages in the user's language; the platform checks the same. */
export function profileSchema(i18n: I18n): v.GenericSchema<ProfileValues, BusinessProfileUpdate> {
  const required = (max: number, empty: string, long: string) =>
    v.pipe(v.string(), v.trim(), v.nonEmpty(empty), v.maxLength(max, long))
  const tooLong = (max: number) => i18n._(msg`Use at most ${max} characters.`)
  return v.pipe(
    v.object({
      legalName: required(120, i18n._(msg`Enter the legal name of the business.`), tooLong(120)),
      displayName: required(60, i18n._(msg`Enter the name customers see.`), tooLong(60)),
      contactName: required(80, i18n._(msg`Enter the name of a contact person.`), tooLong(80)),
      supportEmail: v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty(i18n._(msg`Enter the email address customers write to.`)),
        v.email(i18n._(msg`Enter an email address such as help@example.com.`)),
      ),
      supportPhone: v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty(i18n._(msg`Enter the phone number customers call.`)),
        v.regex(PHONE_PATTERN, i18n._(msg`Use digits, spaces, dashes, brackets and a leading +.`)),
        v.check(
          (value) => phoneDigits(value) >= 10 && phoneDigits(value) <= 15,
          i18n._(msg`A phone number has 10 to 15 digits, area code included.`),
        ),
      ),
      website: v.union(
        [
          v.literal(''),
          v.pipe(
            v.string(),
            v.trim(),
            v.regex(WEBSITE_PATTERN, i18n._(msg`Enter the full address, starting with https://.`)),
          ),
        ],
        i18n._(msg`Enter the full address, starting with https://.`),
      ),
      line1: required(100, i18n._(msg`Enter the street address.`), tooLong(100)),
      line2: v.pipe(v.string(), v.trim(), v.maxLength(100, tooLong(100))),
      city: required(60, i18n._(msg`Enter the city.`), tooLong(60)),
      region: required(60, i18n._(msg`Enter the state or province.`), tooLong(60)),
      postalCode: v.pipe(v.string(), v.trim(), v.nonEmpty(i18n._(msg`Enter the postal code.`))),
      country: v.picklist(COUNTRIES),
      timeZone: v.pipe(v.string(), v.check(isTimeZone, i18n._(msg`Choose a time zone.`))),
    }),
    v.forward(
      v.partialCheck(
        [['country'], ['postalCode']],
        ({ country, postalCode }) => (country === 'US' ? US_POSTAL_CODE : CA_POSTAL_CODE).test(postalCode),
        i18n._(
          msg`This postal code does not fit the country: a ZIP code is 12345 or 12345-6789, a Canadian code A1A 1A1.`,
        ),
      ),
      ['postalCode'],
    ),
    v.transform(
      ({ line1, line2, city, region, postalCode, country, ...rest }): BusinessProfileUpdate => ({
        ...rest,
        address: { line1, line2, city, region, postalCode: postalCode.toUpperCase(), country },
      }),
    ),
  )
}

/** Time zones offered: North America, where the provider's merchants are; the saved one is always kept. */
export const TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'America/Halifax',
  'America/St_Johns',
  'America/Toronto',
  'America/Winnipeg',
  'America/Regina',
  'America/Edmonton',
  'America/Vancouver',
] as const

/** "Mountain Time (Denver)": the zone's generic name in the user's language, with its city. */
export function timeZoneLabel(timeZone: string, locale: string): string {
  const city = timeZone.split('/').pop()?.replaceAll('_', ' ') ?? timeZone
  try {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value
    return name ? `${name} (${city})` : timeZone
  } catch {
    return timeZone
  }
}

/** The profile form's values as typed, for a draft kept across a sign-in (src/drafts). */
export const profileDraftShape: v.GenericSchema<unknown, ProfileValues> = v.strictObject({
  legalName: typedText,
  displayName: typedText,
  contactName: typedText,
  supportEmail: typedText,
  supportPhone: typedText,
  website: typedText,
  line1: typedText,
  line2: typedText,
  city: typedText,
  region: typedText,
  postalCode: typedText,
  country: v.picklist(COUNTRIES),
  timeZone: typedText,
})
