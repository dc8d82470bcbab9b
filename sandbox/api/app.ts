import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { POLICY_REPORTS_PATH } from '../../deploy/security-headers'
import type { PlatformMode } from '../control-wire'
import type { Persona } from '../data/personas'
import type { IdentityProviderControl } from '../idp/provider'
import { RESOURCES } from '../resources/index'
import { generateStore, type Store } from '../store'
import { recordActivity } from './activity-hook'
import { limitBodies } from './body-limits'
import type { SandboxClock } from './clock'
import { controlRoutes } from './control-routes'
import type { ApiDeps, ApiEnv } from './env'
import { errorBody, WireDriftError } from './http'
import { WireIds } from './id-aliases'
import { honourIdempotencyKeys, IdempotencyLedger } from './idempotency'
import { LOGOS_PATH, logoRoutes, placeLogos } from './logos'
import {
  checkXsrf,
  echoRequestId,
  injectFaults,
  issueXsrfCookie,
  recordRequests,
  requireApiVersion,
  requirePortalToken,
} from './middleware'
import { newerPlatform, PlatformSwitch } from './newer-platform'
import type { RoutePattern } from './patterns'
import { PolicyReports, policyReportRoutes } from './policy-reports'
import { createPortalTokens } from './portal-tokens'
import type { ProviderTokenVerifier } from './provider-tokens'
import { FaultRegistry, RequestRecord } from './runtime'
import { specMinimal, wirePortalTokens } from './spec-minimal'
import { tokenExchangeRoutes } from './token-exchange'

export interface ApiOptions {
  portalOrigins: readonly string[]
  verifyProviderToken: ProviderTokenVerifier
  issueProviderToken(persona: Persona, authTime: number): Promise<string>
  /** The identity provider's test hooks: its grant record and a failing sign-out. */
  idp: IdentityProviderControl
  quiet: boolean
  /** How the platform answers until the control API switches it; a reset goes back to it. */
  platform: PlatformMode
  /** An https origin reaching this API, for the merchant logos to be addressed on (see placeLogos). */
  logoOrigin?: string
  /** The platform's clock, shared with the identity provider (it stamps sign-ins by it); a reset resets it. */
  clock: SandboxClock
}

export interface Api {
  app: Hono<ApiEnv>
  reset(): void
  /** The current data (replaced by reset()), for the identity provider's password check. */
  store(): Store
}

export function createApi(options: ApiOptions): Api {
  const generate = (): Store => {
    const generated = generateStore()
    if (options.logoOrigin) placeLogos(generated, options.logoOrigin)
    return generated
  }
  let store: Store = generate()
  const faults = new FaultRegistry()
  const requests = new RequestRecord()
  const policyReports = new PolicyReports()
  const platform = new PlatformSwitch(options.platform)
  const ids = new WireIds(() => store, platform)
  const idempotency = new IdempotencyLedger()
  const { clock } = options
  const deps: ApiDeps = {
    store: () => store,
    portalTokens: wirePortalTokens(createPortalTokens(), ids),
    clock,
  }
  const reset = () => {
    clock.reset()
    store = generate()
    faults.clear()
    requests.clear()
    idempotency.clear()
    platform.reset()
    options.idp.reset()
    // Policy reports are kept: they are a record of the whole run, which the browser suite reads at its end.
  }

  const allowedOrigins = new Set(options.portalOrigins)
  const corsPolicy = cors({
    origin: (origin) => (allowedOrigins.has(origin) ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: [
      'Authorization',
      'Content-Type',
      'X-Request-ID',
      'X-API-Version',
      'X-XSRF-TOKEN',
      'Idempotency-Key',
      'X-Flag-Client-ID',
    ],
    exposeHeaders: ['X-Request-ID'],
    maxAge: 600,
  })

  const publicRoutes: RoutePattern[] = [
    { method: 'POST', path: '/api/auth/org/token/exchange' },
    ...RESOURCES.flatMap((resource) =>
      (resource.publicRoutes ?? []).map((route) => ({ ...route, path: `/api${route.path}` })),
    ),
  ]

  const bodyLimits = RESOURCES.flatMap((resource) =>
    (resource.bodyLimits ?? []).map((limit) => ({
      ...limit,
      route: { ...limit.route, path: `/api${limit.route.path}` },
    })),
  )

  // The platform itself: its checks and routes, with its own ids and shapes.
  const routes = new Hono<ApiEnv>()
  routes.use(
    // Inside the faults: a fault a test injects is answered exactly as it was given.
    newerPlatform(platform),
    requireApiVersion,
    checkXsrf,
    requirePortalToken(deps.portalTokens, publicRoutes),
    // Before the idempotency keys, which read the whole body.
    limitBodies(bodyLimits),
    honourIdempotencyKeys(idempotency),
    // After the keys: a replayed answer acted once, and is one entry.
    recordActivity(deps),
  )
  routes.route('/', tokenExchangeRoutes(deps, options.verifyProviderToken))
  for (const resource of RESOURCES) {
    if (resource.routes) routes.route('/', resource.routes(deps))
  }
  // The same routes, for the spec-minimal mode to hand the requests it has translated to.
  const specMinimalRoutes = new Hono<ApiEnv>().route('/api', routes)
  answerMisses(specMinimalRoutes, options.quiet)

  const api = new Hono<ApiEnv>()
  api.use(
    recordRequests(requests),
    corsPolicy,
    echoRequestId,
    issueXsrfCookie,
    injectFaults(faults),
    // After the record and the faults: the portal's requests are recorded, and faults matched and
    // answered, as the portal sent them.
    specMinimal(platform, ids, specMinimalRoutes),
  )
  api.route('/', routes)

  const app = new Hono<ApiEnv>()
  if (!options.quiet) {
    app.use(async (c, next) => {
      const started = performance.now()
      await next()
      console.log(
        `[api] ${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`,
      )
    })
  }
  app.use('/__sandbox/*', corsPolicy)
  app.route(
    '/__sandbox',
    controlRoutes({
      ...deps,
      faults,
      requests,
      policyReports,
      platform,
      ids,
      reset,
      issueProviderToken: options.issueProviderToken,
      idp: options.idp,
    }),
  )
  // Before the API's own middleware: browsers send reports and fetch images with no version, XSRF or
  // token header.
  app.route(POLICY_REPORTS_PATH, policyReportRoutes(policyReports))
  app.route(LOGOS_PATH, logoRoutes())
  app.route('/api', api)
  answerMisses(app, options.quiet)
  return { app, reset, store: deps.store }
}

/** Unknown routes and thrown errors answer with the platform's error body. */
function answerMisses(app: Hono<ApiEnv>, quiet: boolean): void {
  app.notFound((c) => c.json(errorBody('not_found', `No route ${c.req.method} ${c.req.path}.`), 404))
  app.onError((error, c) => {
    // A drift between the sandbox and the wire schemas is a bug to fix, never something to hide.
    if (error instanceof WireDriftError || !quiet) console.error('[api]', error)
    return c.json(errorBody('internal_error', error.message), 500)
  })
}
