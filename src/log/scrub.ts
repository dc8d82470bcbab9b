const REDACTED = '[redacted]'

// A JWT header is base64url JSON, so it starts with `eyJ`; the second pattern catches other
// three-part tokens while sparing host names and version numbers, whose parts are short.
const JWT_PATTERNS = [/\beyJ[\w-]*\.[\w-]*\.[\w-]*/g, /\b[\w-]{20,}\.[\w-]{20,}\.[\w-]{20,}/g]
const BEARER_PATTERN = /\bBearer\s+[^\s"',;]+/gi
// `Basic <base64 of user:password>`; the word alone ("Basic plan") is left, see basicCredentials.
const BASIC_PATTERN = /\b(Basic\s+)([A-Za-z0-9+/]{4,}={0,2})/gi
// The user and password of a URL: `https://user:secret@host`.
const URL_USERINFO = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@"'<>]+@/gi
// `name=value` in a query string, a fragment, a form body or free text (spaces around `=` allowed).
const NAMED_VALUE = /([?&#;\s"'(,{[]|^)([A-Za-z][\w.-]{0,63})(\s*=\s*["']?)([^&#\s"',;)}\]]+)/g
// `name: value` in free text, as headers and messages write it.
const LABELLED_VALUE = /(^|[\s"'(,{[])([A-Za-z][\w.-]{0,63})(:[ \t]*["']?)([^\s"',;)}\]]+)/g
// `"name": value` of JSON inside text, escaped (`\"name\":\"value\"`) or not.
const QUOTED_PAIR =
  /(\\*)(["'])([A-Za-z][\w.-]{0,63})\1\2(\s*:\s*)(\1\2(?:\\[\s\S]|[^\\])*?\1\2|-?\d[\d.eE+-]*)/g
// OAuth and OpenID Connect parameters that let a credential be redeemed (an authorisation code with
// its state) without a secret-sounding name; text only, as a `code` or `state` key of an object is not one.
const REDEEMABLE_PARAMETER = /^(code|state)$/i
// A key naming a secret anywhere in it (`providerAccessToken`, `x-api-key`, `ONE_TIME_PASSWORD`)…
const SECRET_KEY = /token|authorization|password|passwd|secret|cookie|api[-_]?key|credential|verifier/i
// …or, once its words are run together and lower-cased, holding a card or account number…
const SECRET_RUN = /cardnumber|accountnumber|apikey/
// …or, for the short card, PIN and one-time-code words that are also parts of ordinary ones (`span`,
// `shipping`, `footprint`), as a whole word of it: `pan`, `cardPan`, `card_cvv`, `pinCode`, `smsOTP`.
const SECRET_WORD = /^(pan|cvv|cvc|cvv2|pin|otp)$/i
// Names that only describe a credential: OAuth's `token_type=Bearer`.
const NOT_SECRET = /^token[-_]?type$/i
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi
// Digits in groups joined by one space or dash, as card numbers are written (`4111 1111-1111 1111`).
// Not part of a word, an id or a decimal (`v1.4111…`, `3.14159…`); a sentence's full stop may follow.
const DIGIT_RUN = /(?<![\w-]|\d\.)\d+(?:[ -]\d+)*(?![\w-]|\.\d|[ -]\d)/g
const MAX_DEPTH = 6
/** Longer text is cut before it is read: it keeps every pattern's work, and the post, bounded. */
const MAX_TEXT = 10_000

function words(key: string): string[] {
  return key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((word) => word !== '')
}

/**
 * Whether a key names a secret, in any casing style (`cardNumber`, `card_number`, `CARD-NUMBER`,
 * `CardNumber`): its value, whatever its type (a PIN is often a number), is dropped.
 */
function isSecretKey(key: string): boolean {
  if (NOT_SECRET.test(key)) return false
  if (SECRET_KEY.test(key)) return true
  const parts = words(key)
  return SECRET_RUN.test(parts.join('').toLowerCase()) || parts.some((word) => SECRET_WORD.test(word))
}

/** The Luhn checksum every payment card number passes. */
function luhnValid(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

const isCardNumber = (digits: string) => digits.length >= 13 && digits.length <= 19 && luhnValid(digits)

/** Whether a group of more than 19 digits hides a card number somewhere in it. */
function hidesCardNumber(digits: string): boolean {
  for (let length = 13; length <= 19; length += 1) {
    for (let start = 0; start + length <= digits.length; start += 1) {
      if (luhnValid(digits.slice(start, start + length))) return true
    }
  }
  return false
}

/**
 * Redacts card numbers in a run of digit groups: every span of whole groups with 13 to 19 digits that
 * passes Luhn (`4111 1111 1111 1111`, `4111-1111-1111-1111`, `4111111111111111`), wherever it starts.
 */
function redactCardsInRun(run: string): string {
  const parts = run.split(/([ -])/)
  const groups = parts.filter((_, index) => index % 2 === 0)
  const hidden = groups.map((group) => group.length > 19 && hidesCardNumber(group))
  for (let first = 0; first < groups.length; first += 1) {
    let digits = ''
    for (let last = first; last < groups.length; last += 1) {
      digits += groups[last] ?? ''
      if (digits.length > 19) break
      if (isCardNumber(digits)) hidden.fill(true, first, last + 1)
    }
  }
  if (!hidden.includes(true)) return run
  let result = ''
  groups.forEach((group, index) => {
    const separator = index === 0 ? '' : (parts[index * 2 - 1] ?? '')
    if (!hidden[index]) result += `${separator}${group}`
    else if (!hidden[index - 1]) result += `${separator}${REDACTED}`
  })
  return result
}

/** Card numbers anywhere in text; UUIDs (request, merchant and program ids) are never read as digits. */
function redactCardNumbers(text: string): string {
  let result = ''
  let from = 0
  for (const match of text.matchAll(UUID)) {
    result += text.slice(from, match.index).replace(DIGIT_RUN, redactCardsInRun) + match[0]
    from = match.index + match[0].length
  }
  return result + text.slice(from).replace(DIGIT_RUN, redactCardsInRun)
}

/** `Basic dXNlcjpwYXNz` (base64 of `user:pass`) is a credential; `Basic information` is not. */
function basicCredentials(match: string, prefix: string, encoded: string): string {
  let decoded: string
  try {
    decoded = atob(encoded)
  } catch {
    return match
  }
  return /^[\x20-\x7e]+$/.test(decoded) && decoded.includes(':') ? `${prefix}${REDACTED}` : match
}

function namedValue(name: string, value: string): boolean {
  return (isSecretKey(name) || REDEEMABLE_PARAMETER.test(name)) && value !== REDACTED
}

/** Free text: credentials in URLs, headers, parameters and embedded JSON, tokens, card numbers. */
function scrubFreeText(text: string): string {
  let result = text.replace(URL_USERINFO, `$1${REDACTED}@`)
  result = result.replace(BEARER_PATTERN, `Bearer ${REDACTED}`)
  result = result.replace(BASIC_PATTERN, basicCredentials)
  result = result.replace(
    QUOTED_PAIR,
    (match, slashes: string, quote: string, name: string, colon: string) =>
      isSecretKey(name)
        ? `${slashes}${quote}${name}${slashes}${quote}${colon}${slashes}${quote}${REDACTED}${slashes}${quote}`
        : match,
  )
  result = result.replace(
    NAMED_VALUE,
    (match, before: string, name: string, equals: string, value: string) =>
      namedValue(name, value) ? `${before}${name}${equals}${REDACTED}` : match,
  )
  result = result.replace(
    LABELLED_VALUE,
    (match, before: string, name: string, colon: string, value: string) =>
      // A header's scheme word stays: `Authorization: Bearer [redacted]`.
      isSecretKey(name) && value !== REDACTED && !/^(Bearer|Basic)$/i.test(value)
        ? `${before}${name}${colon}${REDACTED}`
        : match,
  )
  for (const pattern of JWT_PATTERNS) result = result.replace(pattern, REDACTED)
  return redactCardNumbers(result)
}

/** Text that is JSON as a whole (an answer's body, a stored value) is scrubbed as the value it holds. */
function parseJsonText(text: string): { value: unknown } | null {
  const trimmed = text.trim()
  const bracketed =
    (trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))
  if (!bracketed) return null
  try {
    return { value: JSON.parse(trimmed) }
  } catch {
    return null
  }
}

function scrubString(full: string, depth: number): string {
  const text = full.length > MAX_TEXT ? `${full.slice(0, MAX_TEXT)}…[truncated]` : full
  const json = depth < MAX_DEPTH ? parseJsonText(text) : null
  if (json && typeof json.value === 'object' && json.value !== null) {
    return JSON.stringify(scrubValue(json.value, depth + 1, new Set()))
  }
  return scrubFreeText(text)
}

export function scrubText(text: string): string {
  return scrubString(text, 0)
}

function scrubValue(value: unknown, depth: number, ancestors: Set<object>): unknown {
  if (typeof value === 'string') return scrubString(value, depth)
  if (typeof value === 'bigint') return redactCardNumbers(value.toString())
  // A card number held as a number (a JSON body's) is still one; one past 2^53 has lost its digits.
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 1e12) {
    return !Number.isSafeInteger(value) || isCardNumber(String(Math.abs(value))) ? REDACTED : value
  }
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
        message: scrubString(value.message, depth),
        stack: value.stack === undefined ? undefined : scrubString(value.stack, depth),
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
 * Makes a log context safe and JSON-ready. Redacted: values under keys naming a secret in any casing
 * style (tokens, passwords, API keys, card and account numbers, CVVs, PINs, one-time codes; numbers
 * too); in text, bearer and Basic credentials, a URL's user and password, `name=value` and `name: value`
 * with such a name (and OAuth's `code` and `state`), JSON inside strings (scrubbed as the value it
 * holds), JWTs and other long tokens, and Luhn-valid card numbers of 13 to 19 digits however they are
 * grouped. Errors keep their message and stack; cycles and deep nesting are cut short.
 */
export function scrubContext(context: Record<string, unknown> | undefined): Record<string, unknown> {
  if (context === undefined) return {}
  return scrubEntries(Object.entries(context), 0, new Set([context]))
}
