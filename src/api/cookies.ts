/**
 * A value a request header can carry as it is: visible ASCII without spaces, of a sane length. A
 * cookie of the same name set by a sibling subdomain may hold anything (control characters, text that
 * decodes to characters outside Latin-1), and a header built from it makes `fetch` throw.
 */
const HEADER_SAFE = /^[\x21-\x7e]{1,4096}$/

/**
 * The cookie's value as a header should echo it, percent-decoded as the server reads it; undefined for a
 * malformed one (it decodes to characters no header may carry). A value that is not percent-encoding
 * at all (`100%`) is echoed exactly as it was set.
 */
function usable(raw: string): string | undefined {
  let decoded = raw
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    // Not percent-encoded: the server set it as it is.
  }
  return HEADER_SAFE.test(decoded) ? decoded : undefined
}

/**
 * Reads one cookie by name for echoing in a request header. Of several cookies of that name (one for
 * this host and one a parent domain set, or two paths), browsers list the most specific first (longest
 * path, then oldest): the first usable one is taken. A missing, empty or unusable cookie is `undefined`,
 * and no header is sent: the platform then answers for itself (a 403 for a write), instead of every
 * call throwing in the browser.
 */
export function readCookie(
  name: string,
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue
    const value = usable(part.slice(separator + 1).trim())
    if (value !== undefined) return value
  }
  return undefined
}
