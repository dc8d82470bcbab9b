import * as v from 'valibot'

/** The codes a required email address's issues carry, for the form to put into words. */
export type EmailAddressError = 'required' | 'email' | 'tooLong'

/**
 * A required email address, read trimmed, at most 254 characters (the longest address mail can carry).
 * Its issues' messages are EmailAddressError codes.
 */
export const requiredEmailAddress = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty<string, EmailAddressError>('required'),
  v.email<string, EmailAddressError>('email'),
  v.maxLength<string, number, EmailAddressError>(254, 'tooLong'),
)
