import * as v from 'valibot'
import { type ErrorBody, ErrorBodyReader } from './schemas/error'

export type ApiErrorKind =
  | 'http'
  | 'timeout'
  | 'network'
  | 'aborted'
  | 'invalid-response'
  | 'merchant-mismatch'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type ServerError = ErrorBody['error']

export interface ApiErrorInit {
  kind: ApiErrorKind
  method: HttpMethod
  path: string
  requestId: string
  detail: string
  status?: number
  body?: unknown
  issues?: readonly string[]
  /** From the answer's Retry-After header, when it had one (429, 503). */
  retryAfterMs?: number
  cause?: unknown
}

/**
 * The one error every API call rejects with. It never carries the bearer token, the request body or
 * the query string, so it is safe to log as a whole.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly method: HttpMethod
  /** The request path without its query string. */
  readonly path: string
  readonly requestId: string
  readonly status?: number
  /** The parsed JSON body of an error answer, when it had one. */
  readonly body?: unknown
  /** `body.error` when the answer followed the platform's `{ error: { code, message } }` shape. */
  readonly serverError?: ServerError
  /** For 'invalid-response': where the answer differed from the schema (paths and types, no values). */
  readonly issues: readonly string[]
  /** How long the server asked us to wait before asking again (its Retry-After), in milliseconds. */
  readonly retryAfterMs?: number

  constructor(init: ApiErrorInit) {
    const parsed = v.safeParse(ErrorBodyReader, init.body)
    const serverError = parsed.success ? parsed.output.error : undefined
    const detail = serverError ? `${init.detail}: ${serverError.message}` : init.detail
    super(`${init.method} ${init.path} ${detail} (request id ${init.requestId})`, { cause: init.cause })
    this.name = 'ApiError'
    this.kind = init.kind
    this.method = init.method
    this.path = init.path
    this.requestId = init.requestId
    this.status = init.status
    this.body = init.body
    this.issues = init.issues ?? []
    this.retryAfterMs = init.retryAfterMs
    this.serverError = serverError
  }
}

/**
 * A write that was not sent because the shared portal token acts for another merchant than the one
 * this tab shows (another tab switched merchant while this one vetoed the change).
 */
export class MerchantMismatchError extends ApiError {
  /** The merchant this tab shows, whose data the write was meant for. */
  readonly tabMerchantId: string
  /** The merchant the stored token acts for. */
  readonly tokenMerchantId: string

  constructor(init: {
    method: HttpMethod
    path: string
    requestId: string
    tabMerchantId: string
    tokenMerchantId: string
  }) {
    super({
      kind: 'merchant-mismatch',
      method: init.method,
      path: init.path,
      requestId: init.requestId,
      detail: 'was not sent: the stored token acts for another merchant than this tab shows',
    })
    this.name = 'MerchantMismatchError'
    this.tabMerchantId = init.tabMerchantId
    this.tokenMerchantId = init.tokenMerchantId
  }
}

export function isMerchantMismatch(error: unknown): error is MerchantMismatchError {
  return error instanceof MerchantMismatchError
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}
