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

/** Whether a path, as written, can only lead somewhere on this origin. */
function isLocalPath(candidate: string): boolean {
  if (!candidate.startsWith('/')) return false
  if (candidate.startsWith('//') || candidate.startsWith('/\\')) return false
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects
  return !/[\u0000-\u001f\u007f\\]/.test(candidate.slice(0, candidate.search(/[?#]|$/)))
}

/**
 * Returns a remembered path only when it stays on this origin; anything that could leave it
 * (`//host`, `/\host`, absolute or script URLs, their percent-encoded forms, control characters)
 * falls back to the transactions page. What it returns passes the same checks as what it was given:
 * resolving dot segments can make a path protocol-relative (`/a/..//evil.test` is `//evil.test`).
 */
export function safeReturnPath(value: unknown, origin: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return HOME_PATH
  const decoded = decodeFully(value)
  if (decoded === null || !isLocalPath(value) || !isLocalPath(decoded)) return HOME_PATH
  let url: URL
  try {
    url = new URL(value, origin)
  } catch {
    return HOME_PATH
  }
  if (url.origin !== origin) return HOME_PATH
  const path = `${url.pathname}${url.search}${url.hash}`
  const resolved = decodeFully(path)
  if (resolved === null || !isLocalPath(path) || !isLocalPath(resolved)) return HOME_PATH
  return path.startsWith('/login') || path.startsWith('/implicit/callback') ? HOME_PATH : path
}
