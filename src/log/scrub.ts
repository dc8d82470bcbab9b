const REDACTED = '[redacted]'

// A JWT header is base64url JSON, so it starts with `eyJ`; the second pattern catches other
// three-part tokens while sparing host names and version numbers, whose parts are short.
const JWT_PATTERNS = [/\beyJ[\w-]*\.[\w-]*\.[\w-]*/g, /\b[\w-]{20,}\.[\w-]{20,}\.[\w-]{20,}/g]
const BEARER_PATTERN = /\bBearer\s+[^\s"',;]+/gi
// OAuth and OpenID Connect parameters that carry a credential, or let one be redeemed (an
// authorisation code with its state), in a query string, a fragment or a form body.
const SECRET_PARAMETER =
  /([?&#;\s"'(]|^)(code|state|refresh_token|access_token|id_token|id_token_hint|token|client_secret|code_verifier)=[^&#\s"',;)]+/gi
// A key naming a secret anywhere in it (`providerAccessToken`, `x-api-key`)…
const SECRET_KEY = /token|authorization|password|secret|cookie|api[-_]?key|credential/i
// …or, for the short card and PIN words that are also parts of ordinary ones (`span`, `shipping`),
// as a whole word of it: `pan`, `cardPan`, `card_cvv`, `pinCode`.
const SECRET_WORD = /^(pan|cvv|cvc|cvv2|pin)$/i
const MAX_DEPTH = 6

export function scrubText(text: string): string {
  let result = text.replace(BEARER_PATTERN, `Bearer ${REDACTED}`)
  result = result.replace(SECRET_PARAMETER, `$1$2=${REDACTED}`)
  for (const pattern of JWT_PATTERNS) result = result.replace(pattern, REDACTED)
  return result
}

/** Whether a key names a secret: its value, whatever its type (a PIN is often a number), is dropped. */
function isSecretKey(key: string): boolean {
  if (SECRET_KEY.test(key)) return true
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((word) => word !== '')
  return words.some((word) => SECRET_WORD.test(word))
}

function scrubValue(value: unknown, depth: number, ancestors: Set<object>): unknown {
  if (typeof value === 'string') return scrubText(value)
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'function' || typeof value === 'symbol') return undefined
  if (typeof value !== 'object' || value === null) return value
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()
  if (ancestors.has(value)) return '[circular]'
  if (depth >= MAX_DEPTH) return '[truncated]'
  ancestors.add(value)
  try {
    if (value instanceof Error) {
      // JSON.stringify turns an Error into {}, losing exactly what a log reader needs.
      return {
        name: value.name,
        message: scrubText(value.message),
        stack: value.stack === undefined ? undefined : scrubText(value.stack),
        cause: value.cause === undefined ? undefined : scrubValue(value.cause, depth + 1, ancestors),
        ...scrubEntries(Object.entries(value), depth, ancestors),
      }
    }
    if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1, ancestors))
    return scrubEntries(Object.entries(value), depth, ancestors)
  } finally {
    ancestors.delete(value)
  }
}

function scrubEntries(
  entries: [string, unknown][],
  depth: number,
  ancestors: Set<object>,
): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [key, item] of entries) {
    const hidden = isSecretKey(key) && item !== null && item !== undefined && typeof item !== 'boolean'
    result[key] = hidden ? REDACTED : scrubValue(item, depth + 1, ancestors)
  }
  return result
}

/**
 * Makes a log context safe and JSON-ready: token-like text, credential parameters (`code=`,
 * `state=`, `refresh_token=`, `id_token_hint=`…) and values under secret-sounding keys (tokens,
 * passwords, API keys, card numbers, CVVs, PINs; numbers too) are redacted, Errors keep their message and stack, cycles and deep nesting are cut short.
 */
export function scrubContext(context: Record<string, unknown> | undefined): Record<string, unknown> {
  if (context === undefined) return {}
  return scrubEntries(Object.entries(context), 0, new Set([context]))
}
