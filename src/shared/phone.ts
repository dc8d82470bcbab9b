import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/*
 * Phone numbers through libphonenumber's rules (its smallest metadata, which knows each country's number
 * lengths and leading digits) rather than regexes of our own. The platform keeps North American numbers
 * in E.164 (`+13035550142`), so a number is read as a US one unless it says otherwise, and must be a
 * North American (+1) one.
 */

/**
 * A North American number typed any common way (`(303) 555-0142`, `303.555.0142`, `+1 303 555 0142`)
 * as E.164; null when it is not a valid one (too short or long, no such area code, another country, an
 * extension the platform cannot keep).
 */
export function parsePhone(text: string): string | null {
  const number = parsePhoneNumberFromString(text, 'US')
  if (!number?.isValid() || number.countryCallingCode !== '1' || number.ext !== undefined) return null
  return number.number
}

/** `+13035550142` as people read it, `(303) 555-0142`; any other text as it is. */
export function displayPhone(phone: string): string {
  const number = parsePhoneNumberFromString(phone)
  return number?.countryCallingCode === '1' && number.isValid() ? number.formatNational() : phone
}
