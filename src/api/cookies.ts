/** Reads one cookie by name; an empty or missing cookie is `undefined`. */
export function readCookie(
  name: string,
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue
    const raw = part.slice(separator + 1).trim()
    if (raw === '') return undefined
    try {
      return decodeURIComponent(raw)
    } catch {
      // A server may set a value that is not percent-encoded; echo it exactly as it was set.
      return raw
    }
  }
  return undefined
}
