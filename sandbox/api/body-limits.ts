import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ErrorBodySchema } from '../../contract/error'
import type { ApiEnv } from './env'
import { sendValidated } from './http'
import { matchesRoute, type RoutePattern } from './patterns'

/** The most a request to a route may send, and the platform's answer to more (413). */
export interface BodyLimit {
  /** Method and path under /api (patterns allowed). */
  route: RoutePattern
  maxBytes: number
  code: string
  message: string
}

/**
 * Refuses a request larger than its route's limit with 413 as soon as that is known (its
 * Content-Length, or the bytes read so far), before anything reads the whole of it.
 */
export function limitBodies(limits: readonly BodyLimit[]): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const limit = limits.find(({ route }) => matchesRoute(route, c.req.method, c.req.path))
    if (!limit) return next()
    const { code, message } = limit
    return bodyLimit({
      maxSize: limit.maxBytes,
      onError: (refused) => {
        // The rest of the body is never read: the connection ends with this answer, so that no client
        // sends its next request down a socket the unread bytes still fill (a pooled fetch did).
        refused.header('Connection', 'close')
        return sendValidated(refused, ErrorBodySchema, { error: { code, message } }, 413)
      },
    })(c, next)
  }
}
