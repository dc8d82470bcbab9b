import { randomBytes, randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status'
import type { ApiEnv } from './env'
import { errorBody, sendError } from './http'
import { matchesRoute, type RoutePattern } from './patterns'
import type { PortalTokens } from './portal-tokens'
import type { FaultRegistry, RequestRecord } from './runtime'

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'X-XSRF-TOKEN'
export const API_VERSION = 'v2'
/** A body that starts like JSON and stops half-way, for the 'malformed' fault. */
export const MALFORMED_BODY = '{"data": {"items": [{"id": '

export function recordRequests(record: RequestRecord): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = (name: string) => c.req.header(name)
    record.add({
      method: c.req.method,
      path: c.req.path,
      query: c.req.query(),
      headers: {
        'x-request-id': header('x-request-id'),
        'x-api-version': header('x-api-version'),
        'x-xsrf-token': header('x-xsrf-token'),
        'content-type': header('content-type'),
        accept: header('accept'),
        'x-flag-client-id': header('x-flag-client-id'),
        'idempotency-key': header('idempotency-key'),
        'x-forwarded-for': header('x-forwarded-for'),
        'x-real-ip': header('x-real-ip'),
        'x-forwarded-proto': header('x-forwarded-proto'),
      },
      authorization: header('authorization') !== undefined,
      at: new Date().toISOString(),
    })
    await next()
  }
}

export const echoRequestId: MiddlewareHandler<ApiEnv> = async (c, next) => {
  c.header('X-Request-ID', c.req.header('X-Request-ID') ?? randomUUID())
  await next()
}

/** Hands out the XSRF cookie the portal echoes in X-XSRF-TOKEN; readable by scripts on purpose. */
export const issueXsrfCookie: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (getCookie(c, XSRF_COOKIE) === undefined) {
    setCookie(c, XSRF_COOKIE, randomBytes(24).toString('base64url'), { path: '/', sameSite: 'Lax' })
  }
  await next()
}

export const checkXsrf: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const cookie = getCookie(c, XSRF_COOKIE)
  if (UNSAFE_METHODS.has(c.req.method) && cookie !== undefined && c.req.header(XSRF_HEADER) !== cookie) {
    return sendError(
      c,
      403,
      'xsrf_mismatch',
      `The ${XSRF_HEADER} header does not match the ${XSRF_COOKIE} cookie.`,
    )
  }
  await next()
}

export const requireApiVersion: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.req.header('X-API-Version') !== API_VERSION) {
    return sendError(c, 400, 'api_version_required', `Send the header X-API-Version: ${API_VERSION}.`)
  }
  await next()
}

function isBodyless(status: number): boolean {
  return status === 204 || status === 205 || status === 304 || status < 200
}

export function injectFaults(faults: FaultRegistry): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const fault = faults.take(c.req.method, c.req.path)
    if (!fault) return next()
    // Any other fault with a delay answers after it: a platform slow to fail.
    if (fault.kind !== 'delay' && fault.delayMs !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs))
    }
    switch (fault.kind) {
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000))
        return next()
      case 'status': {
        const status = fault.status ?? 500
        if (isBodyless(status)) return c.body(null, status as StatusCode, fault.headers)
        return c.json(
          fault.body ?? errorBody('internal_error', 'Injected fault.'),
          status as ContentfulStatusCode,
          fault.headers,
        )
      }
      case 'malformed':
        return c.body(MALFORMED_BODY, (fault.status ?? 200) as ContentfulStatusCode, {
          'Content-Type': 'application/json',
        })
      case 'drop':
        // Destroying the socket is what a crashed upstream or a cut connection looks like to the client.
        c.env.incoming.socket.destroy()
        return c.body(null, 500)
      case 'drop-answer':
        // The platform acts, and the answer is lost on its way: the client cannot know what happened.
        await next()
        c.env.incoming.socket.destroy()
        return
    }
  }
}

export function requirePortalToken(
  portalTokens: PortalTokens,
  publicRoutes: readonly RoutePattern[],
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (publicRoutes.some((route) => matchesRoute(route, c.req.method, c.req.path))) return next()
    const bearer = /^Bearer (\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1]
    const claims = bearer ? await portalTokens.verify(bearer) : undefined
    if (!claims) {
      return sendError(
        c,
        401,
        'unauthorized',
        'A valid portal token is required (missing, expired or forged).',
      )
    }
    c.set('claims', claims)
    await next()
  }
}
