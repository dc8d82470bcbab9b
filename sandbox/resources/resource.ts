import type { Hono } from 'hono'
import type { BodyLimit } from '../api/body-limits'
import type { ApiDeps, ApiEnv } from '../api/env'
import type { RoutePattern } from '../api/patterns'
import type { Random } from '../data/random'
import type { Store } from '../store'

export interface GenerateContext {
  /** This resource's own random stream. */
  random: Random
  /** Data of a resource listed earlier in RESOURCES. */
  need<K extends keyof Store>(key: K): Store[K]
}

/**
 * One area of the platform: its generated data (one key of the store) and its routes under /api.
 * Adding an area is one module plus a line in `resources/index.ts` and in the Store interface.
 */
export interface Resource<K extends keyof Store = keyof Store> {
  key: K
  generate(context: GenerateContext): Store[K]
  /** Routes relative to /api. */
  routes?(deps: ApiDeps): Hono<ApiEnv>
  /** Routes (paths under /api, patterns allowed) that answer without a portal token. */
  publicRoutes?: readonly RoutePattern[]
  /** Routes (paths under /api) that take larger bodies than JSON, and how large (uploads). */
  bodyLimits?: readonly BodyLimit[]
}

export function defineResource<K extends keyof Store>(resource: Resource<K>): Resource<K> {
  return resource
}
