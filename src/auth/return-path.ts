/** Where a user lands after sign-in when nothing (or nothing safe) was remembered. */
export const HOME_PATH = '/transactions'

const MAX_DECODE_ROUNDS = 3

function decodeFully(value: string): string | null {
  let current = value
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      return null
    }
    if (next === current) return current
    current = next
  }
  return current
}

/**
 * Returns a remembered path only when it stays on this origin; anything that could leave it
 * (`//host`, `/\host`, absolute or script URLs, their percent-encoded forms, control characters)
 * falls back to the transactions page.
 */
export function safeReturnPath(value: unknown, origin: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return HOME_PATH
  const decoded = decodeFully(value)
  if (decoded === null) return HOME_PATH
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith('/')) return HOME_PATH
    if (candidate.startsWith('//') || candidate.startsWith('/\\')) return HOME_PATH
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects
    if (/[\u0000-\u001f\u007f\\]/.test(candidate.slice(0, candidate.search(/[?#]|$/)))) return HOME_PATH
  }
  let url: URL
  try {
    url = new URL(value, origin)
  } catch {
    return HOME_PATH
  }
  if (url.origin !== origin) return HOME_PATH
  const path = `${url.pathname}${url.search}${url.hash}`
  return path.startsWith('/login') || path.startsWith('/implicit/callback') ? HOME_PATH : path
}
