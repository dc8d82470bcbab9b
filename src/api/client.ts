import { createFetch, ofetch } from 'ofetch'
import * as v from 'valibot'
import type { LogFn } from '../log/logger'
import { ApiError, type ApiErrorKind, type HttpMethod, MerchantMismatchError } from './api-error'
import { readCookie as readDocumentCookie } from './cookies'
import { retryAfterMs } from './retry-after'
import { collectUnreadable } from './schemas/common'
import { serializeDates } from './serialize-dates'

export const API_VERSION = 'v2'
export const DEFAULT_TIMEOUT_MS = 30_000

type QueryScalar = string | number | boolean | Date
export type QueryValue = QueryScalar | null | undefined | readonly QueryScalar[]
export type Query = Readonly<Record<string, QueryValue>>

export interface RequestOptions {
  method?: HttpMethod
  /** Dates become ISO strings (calendar dates as `yyyy-MM-dd`); null and undefined values are left out. */
  query?: Query
  /**
   * Sent as JSON, Dates serialised like query values; a FormData goes as it is (multipart/form-data,
   * its type and boundary set by the browser).
   */
  body?: unknown
  headers?: Readonly<Record<string, string>>
  /** Pass TanStack Query's signal so that a cancelled query cancels its request. */
  signal?: AbortSignal
  /** Overrides `getToken()` for this call; `null` sends no Authorization header. */
  token?: string | null
  timeoutMs?: number
  /** Sends this call instead of the browser's fetch: an upload that reports its progress (upload-fetch.ts). */
  fetch?: typeof fetch
}

export interface ApiClientOptions {
  /** An absolute origin (ofetch ignores a bare `/`); paths such as `/api/...` are joined onto it. */
  baseURL: string
  timeoutMs?: number
  getToken?: () => string | null | undefined
  /**
   * Called once when an answer is 401, with the token the refused request carried. Resolve true when
   * a fresh token is available from `getToken()`; the request is then sent once more. A rejection
   * counts as false.
   */
  onUnauthorized?: (error: ApiError, sentToken: string | null) => Promise<boolean>
  /**
   * Which merchant this tab shows (`tab`) and which one a token acts for (`of`). A write whose token
   * acts for another merchant than the tab's is not sent and rejects with a `MerchantMismatchError`:
   * the token is shared by every tab, so after another tab's switch it may belong to another merchant.
   */
  merchants?: { tab: () => string | null; of: (token: string) => string | null }
  readCookie?: (name: string) => string | undefined
  /** Told once per answer about the list items its schema left out (their paths, never their values). */
  log?: LogFn
}

export interface ApiClient {
  request<S extends v.GenericSchema>(
    schema: S,
    path: string,
    options?: RequestOptions,
  ): Promise<v.InferOutput<S>>
}

const NOT_JSON = Symbol('not JSON')

function parseJson(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return NOT_JSON
  }
}

function describeType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (value instanceof Date) return 'Date'
  return typeof value
}

// Values are left out on purpose: a mismatched field may hold a token or personal data.
function summariseIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => {
    const path = v.getDotPath(issue) ?? '(root)'
    if (issue.kind === 'schema' && issue.expected !== null) {
      return `${path}: expected ${issue.expected}, received ${describeType(issue.input)}`
    }
    return `${path}: failed ${issue.type} check`
  })
}

function buildQuery(query: Query | undefined): Record<string, string | string[]> | undefined {
  if (!query) return undefined
  const serialized = serializeDates(query, 'query')
  const result: Record<string, string | string[]> = {}
  for (const [key, value] of Object.entries(serialized)) {
    if (value === null || value === undefined) continue
    result[key] = Array.isArray(value) ? value.map(String) : String(value)
  }
  return result
}

function withoutQuery(path: string): string {
  const index = path.indexOf('?')
  return index < 0 ? path : path.slice(0, index)
}

interface Attempt {
  requestId: string
  status: number
  data: unknown
  /** The bearer token the request carried. */
  token: string | null
  /** The answer's Retry-After header. */
  retryAfter: string | null
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseURL, getToken, onUnauthorized, merchants, log } = options
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const readCookie = options.readCookie ?? readDocumentCookie
  // Retries belong to the query layer, which knows whether a call is a read; writes are never retried.
  const defaults = { baseURL, retry: 0, ignoreResponseError: true, credentials: 'same-origin' } as const
  const $fetch = ofetch.create(defaults)

  async function attempt(method: HttpMethod, path: string, request: RequestOptions): Promise<Attempt> {
    const requestId = crypto.randomUUID()
    const cleanPath = withoutQuery(path)
    const fail = (kind: ApiErrorKind, detail: string, cause?: unknown) =>
      new ApiError({ kind, method, path: cleanPath, requestId, detail, cause })

    const { signal } = request
    if (signal?.aborted) throw fail('aborted', 'was aborted', signal.reason)

    // Headers matches names case-insensitively, so a caller's header cannot sit beside a contract one.
    const headers = new Headers(request.headers)
    headers.set('Accept', 'application/json')
    headers.set('X-API-Version', API_VERSION)
    headers.set('X-Request-ID', requestId)
    const form = request.body instanceof FormData ? request.body : undefined
    const body =
      form ?? (request.body === undefined ? undefined : JSON.stringify(serializeDates(request.body, 'body')))
    if (typeof body === 'string') headers.set('Content-Type', 'application/json')
    const xsrf = readCookie('XSRF-TOKEN')
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf)
    const token = request.token === undefined ? getToken?.() : request.token
    if (token) headers.set('Authorization', `Bearer ${token}`)
    // Checked before every attempt, the replay after a 401 included: a renewal may bring the other
    // merchant's token. An explicit token is the caller's own choice (the token exchange).
    if (token && request.token === undefined && method !== 'GET' && merchants) {
      const tabMerchantId = merchants.tab()
      const tokenMerchantId = merchants.of(token)
      if (tabMerchantId !== null && tokenMerchantId !== null && tokenMerchantId !== tabMerchantId) {
        throw new MerchantMismatchError({
          method,
          path: cleanPath,
          requestId,
          tabMerchantId,
          tokenMerchantId,
        })
      }
    }

    // ofetch drops its own `timeout` whenever a signal is passed, and TanStack Query always passes one,
    // so the time-out and the caller's signal are combined here.
    const timeoutMs = request.timeoutMs ?? defaultTimeoutMs
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'))
    }, timeoutMs)
    const forwardAbort = () => controller.abort(signal?.reason)
    signal?.addEventListener('abort', forwardAbort, { once: true })

    try {
      const send = request.fetch ? createFetch({ fetch: request.fetch }).create(defaults) : $fetch
      const response = await send.raw(path, {
        method,
        headers,
        body,
        query: buildQuery(request.query),
        signal: controller.signal,
        parseResponse: parseJson,
      })
      const data: unknown = response._data
      return {
        requestId,
        status: response.status,
        data,
        token: token ?? null,
        retryAfter: response.headers.get('Retry-After'),
      }
    } catch (error) {
      // ofetch's own error repeats the full URL, query string included; its cause says what went wrong.
      const cause = error instanceof Error ? error.cause : undefined
      if (signal?.aborted) throw fail('aborted', 'was aborted', signal.reason)
      if (timedOut) throw fail('timeout', `timed out after ${timeoutMs} ms`)
      throw fail('network', 'could not reach the server', cause)
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', forwardAbort)
    }
  }

  function httpError(method: HttpMethod, path: string, result: Attempt): ApiError {
    return new ApiError({
      kind: 'http',
      method,
      path: withoutQuery(path),
      requestId: result.requestId,
      status: result.status,
      body: result.data === NOT_JSON ? undefined : result.data,
      retryAfterMs: retryAfterMs(result.retryAfter, Date.now()),
      detail: `failed with status ${result.status}`,
    })
  }

  async function request<S extends v.GenericSchema>(
    schema: S,
    path: string,
    requestOptions: RequestOptions = {},
  ): Promise<v.InferOutput<S>> {
    // Only paths are accepted so that the bearer token can never be sent to another origin.
    if (!path.startsWith('/') || path.startsWith('//')) {
      throw new TypeError(`API paths must start with a single "/": ${path}`)
    }
    const method = requestOptions.method ?? 'GET'
    if (method === 'GET' && requestOptions.body !== undefined) {
      throw new TypeError(`GET ${path} cannot have a body`)
    }

    let result = await attempt(method, path, requestOptions)

    // A 401 means the server refused the request before acting on it, so sending it once more with a
    // renewed token is safe even for POST and PATCH. An explicit token is not renewable by the hook,
    // and a second 401 is final: there is at most one replay.
    if (result.status === 401 && onUnauthorized && requestOptions.token === undefined) {
      const unauthorized = httpError(method, path, result)
      const renewed = await onUnauthorized(unauthorized, result.token).catch(() => false)
      if (!renewed) throw unauthorized
      result = await attempt(method, path, requestOptions)
    }

    if (result.status < 200 || result.status > 299) throw httpError(method, path, result)

    const cleanPath = withoutQuery(path)
    if (result.data === NOT_JSON) {
      throw new ApiError({
        kind: 'invalid-response',
        method,
        path: cleanPath,
        requestId: result.requestId,
        status: result.status,
        detail: 'returned a body that is not JSON',
      })
    }
    const { result: parsed, unreadable } = collectUnreadable(() => v.safeParse(schema, result.data))
    if (unreadable.length > 0) {
      log?.('warn', `${method} ${cleanPath} left out list items it could not read`, {
        requestId: result.requestId,
        issues: unreadable,
      })
    }
    if (!parsed.success) {
      const issues = summariseIssues(parsed.issues)
      throw new ApiError({
        kind: 'invalid-response',
        method,
        path: cleanPath,
        requestId: result.requestId,
        status: result.status,
        issues,
        detail: `returned an unexpected response: ${issues.slice(0, 5).join('; ')}${issues.length > 5 ? '; …' : ''}`,
      })
    }
    return parsed.output
  }

  return { request }
}
