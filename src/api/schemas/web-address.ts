import * as v from 'valibot'

/**
 * Web addresses the portal reads from the platform and then shows as a link or an image (a
 * merchant's website, a checkout link, a logo). Checked on read, not only when a form saves them: an
 * address that is not http(s) (`javascript:`, `data:`), or that carries a user name or password,
 * would otherwise reach an `href` or `src` as it is. Shared by every response schema with such a field.
 */

export type WebScheme = 'http:' | 'https:'

/** Whether `value` is an absolute URL with one of `schemes` and no credentials in it. */
export function isWebAddress(value: string, schemes: readonly WebScheme[] = ['http:', 'https:']): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return (schemes as readonly string[]).includes(url.protocol) && url.username === '' && url.password === ''
}

/** An http or https address. */
export const webAddress = v.pipe(
  v.string(),
  v.check((value) => isWebAddress(value), 'Expected an http or https address'),
)

/** An https address only (checkout links, logos: shown on pages served over https). */
export const secureWebAddress = v.pipe(
  v.string(),
  v.check((value) => isWebAddress(value, ['https:']), 'Expected an https address'),
)

/** An optional address, empty when there is none. */
export function orEmpty<TSchema extends typeof webAddress | typeof secureWebAddress>(schema: TSchema) {
  return v.union([v.literal(''), schema])
}
