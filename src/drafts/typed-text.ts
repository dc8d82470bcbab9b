import * as v from 'valibot'

/**
 * A text field of a draft, as typed: drafts are half done, so only their shape is checked when read
 * back, and a length no field takes (a tampered or foreign value) is refused.
 */
export const typedText = v.pipe(v.string(), v.maxLength(2_000))
