import { Hono } from 'hono'
import {
  ActivationTokenIssuedSchema,
  ActivationTokenRequestSchema,
  ClockAdvanceSchema,
  ClockSchema,
  FaultCreatedSchema,
  FaultSpecSchema,
  FlagOverrideSchema,
  IssuedActivationTokensSchema,
  OutboxSchema,
  PlatformSchema,
  PolicyReportsSchema,
  ProviderGrantsSchema,
  ProviderSignOutModeSchema,
  ReceivedLogsSchema,
  RecordedRequestsSchema,
  SessionRequestSchema,
  SessionSchema,
} from '../control-wire'
import { findPersonaByUsername, PERSONAS, type Persona } from '../data/personas'
import type { IdentityProviderControl } from '../idp/provider'
import { overrideFlag } from '../resources/flags'
import { listMessages } from '../resources/outbox'
import { issueActivationToken, listActivationTokens } from '../resources/passwords'
import type { ApiDeps, ApiEnv } from './env'
import { readBody, sendError, sendValidated } from './http'
import type { WireIds } from './id-aliases'
import type { PlatformSwitch } from './newer-platform'
import type { PolicyReports } from './policy-reports'
import type { FaultRegistry, RequestRecord } from './runtime'
import { exchangeFor } from './token-exchange'

export interface ControlDeps extends ApiDeps {
  faults: FaultRegistry
  requests: RequestRecord
  policyReports: PolicyReports
  platform: PlatformSwitch
  /** Merchant ids as the portal sees them (spec-minimal: aliases) and as the platform takes them. */
  ids: WireIds
  reset(): void
  issueProviderToken(persona: Persona, authTime: number): Promise<string>
  idp: IdentityProviderControl
}

/** The control API under /__sandbox/: for tests and local debugging, never proxied into the portal. */
export function controlRoutes(deps: ControlDeps): Hono<ApiEnv> {
  return (
    new Hono<ApiEnv>()
      .get('/', (c) =>
        c.json({
          personas: PERSONAS.map(({ username, merchantID, tenantID, description }) => ({
            username,
            merchantID: deps.ids.toWire(merchantID),
            tenantID,
            description,
          })),
          merchants: deps
            .store()
            .merchants.map(({ id, name, tenantID }) => ({ id: deps.ids.toWire(id), name, tenantID })),
        }),
      )
      .post('/reset', (c) => {
        deps.reset()
        return c.body(null, 204)
      })
      .get('/platform', (c) => sendValidated(c, PlatformSchema, { mode: deps.platform.mode }))
      .put('/platform', async (c) => {
        const body = await readBody(c, PlatformSchema)
        if (!body.ok) return body.response
        deps.platform.mode = body.value.mode
        return c.body(null, 204)
      })
      .put('/flags/:flagName', async (c) => {
        const body = await readBody(c, FlagOverrideSchema)
        if (!body.ok) return body.response
        overrideFlag(deps.store().flags, c.req.param('flagName'), body.value)
        return c.body(null, 204)
      })
      .post('/faults', async (c) => {
        const body = await readBody(c, FaultSpecSchema)
        if (!body.ok) return body.response
        // `/idp/…` paths are the identity provider's endpoints (`/idp/token`); the rest are the API's.
        const registry = body.value.path.startsWith('/idp/') ? deps.idp.faults : deps.faults
        return sendValidated(c, FaultCreatedSchema, { id: registry.add(body.value) }, 201)
      })
      .delete('/faults', (c) => {
        deps.faults.clear()
        deps.idp.faults.clear()
        return c.body(null, 204)
      })
      .delete('/faults/:id', (c) => {
        const id = c.req.param('id')
        if (!deps.faults.remove(id) && !deps.idp.faults.remove(id)) {
          return sendError(c, 404, 'not_found', 'No such fault.')
        }
        return c.body(null, 204)
      })
      .get('/logs', (c) => sendValidated(c, ReceivedLogsSchema, { items: deps.store().logs }))
      .delete('/logs', (c) => {
        deps.store().logs.length = 0
        return c.body(null, 204)
      })
      .get('/policy-reports', (c) =>
        sendValidated(c, PolicyReportsSchema, { items: deps.policyReports.list() }),
      )
      .delete('/policy-reports', (c) => {
        deps.policyReports.clear()
        return c.body(null, 204)
      })
      .get('/requests', (c) =>
        sendValidated(c, RecordedRequestsSchema, {
          items: deps.requests.list({ path: c.req.query('path'), method: c.req.query('method') }),
        }),
      )
      .delete('/requests', (c) => {
        deps.requests.clear()
        return c.body(null, 204)
      })
      // Every portal token issued so far is refused from now on: the next request of each tab gets 401.
      .post('/portal-tokens/revoke', (c) => {
        deps.portalTokens.revokeAll()
        return c.body(null, 204)
      })
      .get('/idp/grants', (c) => {
        const grantType = c.req.query('grantType')
        const items = deps.idp.grants().filter((grant) => !grantType || grant.grantType === grantType)
        return sendValidated(c, ProviderGrantsSchema, { items })
      })
      .delete('/idp/grants', (c) => {
        deps.idp.clearGrants()
        return c.body(null, 204)
      })
      .put('/idp/sign-out', async (c) => {
        const body = await readBody(c, ProviderSignOutModeSchema)
        if (!body.ok) return body.response
        deps.idp.failSignOut(body.value.fail)
        return c.body(null, 204)
      })
      // What the platform would email: invitation (ACTIVATE) and reset links carry these tokens.
      .post('/activation-tokens', async (c) => {
        const body = await readBody(c, ActivationTokenRequestSchema)
        if (!body.ok) return body.response
        const { token } = issueActivationToken(deps.store().passwords, body.value)
        return sendValidated(c, ActivationTokenIssuedSchema, { token }, 201)
      })
      .get('/activation-tokens', (c) =>
        sendValidated(c, IssuedActivationTokensSchema, {
          items: listActivationTokens(deps.store().passwords, c.req.query('email')),
        }),
      )
      // What the platform would have sent: cart links (email, SMS) and invitations.
      .get('/outbox', (c) =>
        sendValidated(c, OutboxSchema, {
          items: listMessages(deps.store().outbox, { to: c.req.query('to'), kind: c.req.query('kind') }),
        }),
      )
      .delete('/outbox', (c) => {
        deps.store().outbox.length = 0
        return c.body(null, 204)
      })
      // The platform's clock: tests move it forward instead of waiting (grace periods, step-up).
      .get('/clock', (c) =>
        sendValidated(c, ClockSchema, {
          offsetMs: deps.clock.offsetMs,
          now: new Date(deps.clock.now()).toISOString(),
        }),
      )
      .post('/clock', async (c) => {
        const body = await readBody(c, ClockAdvanceSchema)
        if (!body.ok) return body.response
        deps.clock.advance(body.value.advanceMs)
        return sendValidated(c, ClockSchema, {
          offsetMs: deps.clock.offsetMs,
          now: new Date(deps.clock.now()).toISOString(),
        })
      })
      // Test-only shortcut: the same tokens a browser sign-in plus token exchange would produce.
      .post('/session', async (c) => {
        const body = await readBody(c, SessionRequestSchema)
        if (!body.ok) return body.response
        const found = findPersonaByUsername(body.value.username)
        if (!found) return sendError(c, 404, 'not_found', `No persona ${body.value.username}.`)
        const narrowed = body.value.scopes
        const persona = narrowed
          ? { ...found, scopes: found.scopes.filter((scope) => narrowed.includes(scope)) }
          : found
        const authTime = Math.floor(deps.clock.now() / 1000) - (body.value.signedInSecondsAgo ?? 0)
        const providerAccessToken = await deps.issueProviderToken(persona, authTime)
        const merchantID = body.value.merchantID
          ? deps.ids.toPlatform(body.value.merchantID)
          : persona.merchantID
        const exchanged = await exchangeFor(deps, persona, merchantID, authTime)
        if (!exchanged.ok) return sendError(c, exchanged.status, exchanged.code, exchanged.message)
        return sendValidated(c, SessionSchema, { providerAccessToken, portalToken: exchanged.token })
      })
  )
}
