import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { ACCESS_KEY_ERROR_CODES } from '../../contract/access-keys'
import type { ApiContext, ApiEnv } from './env'
import { errorBody, sendError } from './http'

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** 1 to 255 letters, digits, '.', ':', '_' or '-' (a UUID is one). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{1,255}$/

interface Remembered {
  /** What the request was: method, path and body. */
  fingerprint: string
  status: number
  contentType: string | null
  body: string
}

/**
 * The platform's answers to keyed writes, by who sent them and their key; cleared with the sandbox's
 * data. A key still being answered holds the promise of its answer, so a second send waits for it.
 */
export class IdempotencyLedger {
  readonly #answers = new Map<string, Remembered | Promise<Remembered | null>>()

  get(scope: string): Remembered | Promise<Remembered | null> | undefined {
    return this.#answers.get(scope)
  }

  set(scope: string, answer: Remembered | Promise<Remembered | null>): void {
    this.#answers.set(scope, answer)
  }

  delete(scope: string): void {
    this.#answers.delete(scope)
  }

  clear(): void {
    this.#answers.clear()
  }
}

/**
 * What a replay of an answer holding a secret shown once gets instead of it (a new access key's
 * secret): the request acted once, and the secret is neither kept nor answered again.
 */
function withheld(fingerprint: string): Remembered {
  return {
    fingerprint,
    status: 409,
    contentType: 'application/json',
    body: JSON.stringify(
      errorBody(
        ACCESS_KEY_ERROR_CODES.secretGone,
        'This request was already made with this Idempotency-Key; its secret was shown once. Rotate the key for a new one.',
      ),
    ),
  }
}

const digest = (bytes: ArrayBuffer) => createHash('sha256').update(new Uint8Array(bytes)).digest('hex')

/**
 * What the request was: method, path and body. A browser draws a new boundary every time it sends a
 * form, so a multipart body (an evidence upload) is known by its parts: each part's name, and a file's
 * name, type and a digest of its bytes.
 */
async function fingerprintOf(c: ApiContext): Promise<string> {
  const head = `${c.req.method} ${c.req.path} `
  const type = c.req.header('Content-Type') ?? ''
  if (!/^multipart\/form-data/i.test(type)) return head + (await c.req.text())
  const bytes = await c.req.arrayBuffer()
  try {
    const form = await new Response(bytes, { headers: { 'Content-Type': type } }).formData()
    const parts: string[] = []
    for (const [name, value] of form) {
      parts.push(
        typeof value === 'string'
          ? `${name}=${value}`
          : `${name}:${value.name}:${value.type}:${digest(await value.arrayBuffer())}`,
      )
    }
    return head + parts.join('\n')
  } catch {
    return head + digest(bytes)
  }
}

/**
 * Every write (POST, PUT, PATCH, DELETE) that carries an `Idempotency-Key` has one effect, however often
 * it is sent: the first answer that acted (2xx) is kept and replayed, marked `Idempotent-Replayed`, to a
 * send of the same key with the same method, path and body; the same key with another request is
 * refused with 409 `idempotency_key_reused`. A refused request acted on nothing and may be sent again as
 * it is. Keys belong to the caller (the token's user and merchant), so two users' keys never meet.
 * Routes that require a key (transaction actions, card issuance) check for one themselves.
 */
export function honourIdempotencyKeys(ledger: IdempotencyLedger): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const key = c.req.header('Idempotency-Key')
    if (!WRITE_METHODS.has(c.req.method) || key === undefined) return next()
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return sendError(
        c,
        400,
        'idempotency_key_invalid',
        'An Idempotency-Key is 1 to 255 letters, digits, ".", ":", "_" or "-".',
      )
    }
    const claims = c.get('claims')
    const scope = `${claims?.uid ?? 'public'} ${claims?.cid ?? ''} ${key}`
    // The key is claimed before anything is awaited, so that a second send arriving meanwhile waits.
    const existing = ledger.get(scope)
    let settle: (answer: Remembered | null) => void = () => undefined
    const claim = () =>
      ledger.set(
        scope,
        new Promise<Remembered | null>((resolve) => {
          settle = resolve
        }),
      )
    if (existing === undefined) claim()
    const fingerprint = await fingerprintOf(c)

    if (existing !== undefined) {
      const earlier = await existing
      if (earlier && earlier.fingerprint !== fingerprint) {
        return sendError(
          c,
          409,
          'idempotency_key_reused',
          'This Idempotency-Key was already used for a different request.',
        )
      }
      if (earlier) {
        const headers = new Headers({ 'Idempotent-Replayed': 'true' })
        if (earlier.contentType) headers.set('Content-Type', earlier.contentType)
        return new Response(earlier.status === 204 ? null : earlier.body, { status: earlier.status, headers })
      }
      // The earlier send was refused and acted on nothing: this one acts.
      claim()
    }

    try {
      await next()
    } finally {
      const { status } = c.res
      if (status >= 200 && status < 300) {
        const answer: Remembered = c.get('secretInAnswer')
          ? withheld(fingerprint)
          : {
              fingerprint,
              status,
              contentType: c.res.headers.get('Content-Type'),
              body: await c.res.clone().text(),
            }
        ledger.set(scope, answer)
        settle(answer)
      } else {
        ledger.delete(scope)
        settle(null)
      }
    }
  }
}
