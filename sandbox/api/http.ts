import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import type { ACCESS_KEY_ERROR_CODES } from '../../contract/access-keys'
import type { STEP_UP_ERROR_CODE } from '../../contract/auth'
import { type ErrorBody, ErrorBodySchema } from '../../contract/error'
import type { USER_ERROR_CODES } from '../../contract/users'
import type { ApiContext } from './env'

export type ErrorCode =
  | 'api_version_required'
  | 'bad_request'
  | 'forbidden'
  | 'insufficient_scope'
  | 'merchant_not_allowed'
  | 'not_found'
  | 'unauthorized'
  | 'validation_failed'
  | 'xsrf_mismatch'
  | 'internal_error'
  | 'weak_password'
  | 'wrong_password'
  | 'token_expired'
  | 'token_used'
  | 'idempotency_key_invalid'
  | 'idempotency_key_reused'
  | typeof STEP_UP_ERROR_CODE
  | (typeof ACCESS_KEY_ERROR_CODES)[keyof typeof ACCESS_KEY_ERROR_CODES]
  | typeof USER_ERROR_CODES.exceedsInviter

export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } }
}

export function sendError(
  c: ApiContext,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  details?: unknown,
): Response {
  if (status === 401) c.header('WWW-Authenticate', 'Bearer')
  return sendValidated(c, ErrorBodySchema, errorBody(code, message, details), status)
}

/** Raised when the sandbox is about to send something its own wire schema rejects. */
export class WireDriftError extends Error {
  override name = 'WireDriftError'
}

/**
 * Sends `body` after checking that what the portal will receive (the JSON round trip) parses with the
 * contract's strict schema (contract/), so the sandbox cannot drift from the contract silently. The
 * portal reads the answer with its own liberal readers, derived from the same contract.
 */
export function sendValidated<TSchema extends v.GenericSchema>(
  c: ApiContext,
  schema: TSchema,
  body: v.InferInput<TSchema>,
  status: ContentfulStatusCode = 200,
): Response {
  assertWire(schema, body, `${c.req.method} ${c.req.path}`)
  return c.json(body, status)
}

export function assertWire<TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: unknown,
  where: string,
): void {
  const result = v.safeParse(schema, JSON.parse(JSON.stringify(body)))
  if (!result.success) {
    throw new WireDriftError(
      `response of ${where} does not match its wire schema: ${v.summarize(result.issues)}`,
    )
  }
}

export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: Response }

/** Parses a JSON request body with the shared wire schema; a 400 response when it does not fit. */
export async function readBody<TSchema extends v.GenericSchema>(
  c: ApiContext,
  schema: TSchema,
): Promise<BodyResult<v.InferOutput<TSchema>>> {
  let json: unknown
  try {
    json = await c.req.json()
  } catch {
    return { ok: false, response: sendError(c, 400, 'bad_request', 'The request body must be JSON.') }
  }
  const result = v.safeParse(schema, json)
  if (!result.success) {
    const details = result.issues.map((issue) => ({ path: v.getDotPath(issue), message: issue.message }))
    return {
      ok: false,
      response: sendError(c, 400, 'validation_failed', 'The request body is not valid.', details),
    }
  }
  return { ok: true, value: result.output }
}

export interface PageQuery {
  limit: number
  offset: number
}

/** Reads `limit`/`offset`; a 400 response when they are not non-negative integers or exceed `max`. */
export function readPage(
  c: ApiContext,
  { defaultLimit, max }: { defaultLimit: number; max: number },
): BodyResult<PageQuery> {
  const limit = readInteger(c.req.query('limit'), defaultLimit)
  const offset = readInteger(c.req.query('offset'), 0)
  if (limit === undefined || offset === undefined) {
    return {
      ok: false,
      response: sendError(c, 400, 'bad_request', 'limit and offset must be non-negative integers.'),
    }
  }
  if (limit > max) {
    return { ok: false, response: sendError(c, 400, 'bad_request', `limit must not exceed ${max}.`) }
  }
  return { ok: true, value: { limit, offset } }
}

function readInteger(raw: string | undefined, fallback: number): number | undefined {
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw)) return undefined
  return Number(raw)
}

export function pageOf<T>(items: readonly T[], { limit, offset }: PageQuery) {
  return {
    data: {
      items: items.slice(offset, offset + limit),
      pagination: { offset, limit, total: items.length },
    },
  }
}
