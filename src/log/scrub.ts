const REDACTED = '[redacted]'

// A JWT header is base64url JSON, so it starts with `eyJ`; the second pattern catches other
// three-part tokens while sparing host names and version numbers, whose parts are short.
const JWT_PATTERNS = [/\beyJ[\w-]*\.[\w-]*\.[\w-]*/g, /\b[\w-]{20,}\.[\w-]{20,}\.[\w-]{20,}/g]
const BEARER_PATTERN = /\bBearer\s+[^\s"',;]+/gi
const SECRET_KEY = /token|authorization|password|secret|cookie/i
const MAX_DEPTH = 6

export function scrubText(text: string): string {
  let result = text.replace(BEARER_PATTERN, `Bearer ${REDACTED}`)
  for (const pattern of JWT_PATTERNS) result = result.replace(pattern, REDACTED)
  return result
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
    const hidden =
      SECRET_KEY.test(key) && (typeof item === 'string' || (typeof item === 'object' && item !== null))
    result[key] = hidden ? REDACTED : scrubValue(item, depth + 1, ancestors)
  }
  return result
}

/**
 * Makes a log context safe and JSON-ready: token-like text and values under secret-sounding keys
 * are redacted, Errors keep their message and stack, cycles and deep nesting are cut short.
 */
export function scrubContext(context: Record<string, unknown> | undefined): Record<string, unknown> {
  if (context === undefined) return {}
  return scrubEntries(Object.entries(context), 0, new Set([context]))
}
