import * as v from 'valibot'

/**
 * An identifier the platform hands out and the portal never interprets (the spec and the tokens never
 * say merchant or program ids are UUIDs): printable text without spaces, of a sane length.
 */
export const opaqueIdText = v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,200}$/, 'an opaque id'))
