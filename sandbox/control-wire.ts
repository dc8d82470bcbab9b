// Bodies of the control API under /__sandbox/, shared by the sandbox and its test client.
// Browser-safe: no Node imports.
import * as v from 'valibot'
import { NotifyChannelSchema } from '../contract/carts'
import { LogEntrySchema } from '../contract/log'
import { ActivationPurposeSchema } from '../contract/passwords'

/**
 * `newer`: the sandbox answers as a newer platform would (sandbox/api/newer-platform.ts);
 * `spec-minimal`: with only what the spec promises (sandbox/api/spec-minimal.ts).
 */
export const PlatformModeSchema = v.picklist(['current', 'newer', 'spec-minimal'])
export type PlatformMode = v.InferOutput<typeof PlatformModeSchema>
export const PlatformSchema = v.object({ mode: PlatformModeSchema })

export const FlagStateSchema = v.picklist(['on', 'disabled', 'no-result', 'deleted', 'missing'])
export type FlagState = v.InferOutput<typeof FlagStateSchema>

export const FlagOverrideSchema = v.object({
  /** Omitted: every tenant (and the empty pre-sign-in context). */
  tenantId: v.optional(v.string()),
  state: FlagStateSchema,
  /** The result for state 'on'; defaults to 'true'. */
  value: v.optional(v.string()),
})
export type FlagOverride = v.InferOutput<typeof FlagOverrideSchema>

/** `drop-answer`: the platform acts on the request, then the connection is cut before its answer. */
export const FaultKindSchema = v.picklist(['delay', 'status', 'malformed', 'drop', 'drop-answer'])

export const FaultSpecSchema = v.object({
  method: v.optional(v.string()),
  /** Exact path, `*` for one segment, `**` (last) for any rest, e.g. '/api/program/*'. */
  path: v.pipe(v.string(), v.startsWith('/')),
  kind: FaultKindSchema,
  /** A 'delay' holds the request this long (1 s if omitted); any other kind answers after it. */
  delayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(120_000))),
  status: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599))),
  body: v.optional(v.unknown()),
  /** Headers of a 'status' answer, e.g. Retry-After with a 429. */
  headers: v.optional(v.record(v.string(), v.string())),
  /** Omitted: until cleared; 1: one-shot. */
  times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
})
export type FaultSpec = v.InferOutput<typeof FaultSpecSchema>

export const FaultCreatedSchema = v.object({ id: v.string() })

export const ReceivedLogSchema = v.object({
  ...LogEntrySchema.entries,
  receivedAt: v.string(),
})
export type ReceivedLog = v.InferOutput<typeof ReceivedLogSchema>
export const ReceivedLogsSchema = v.object({ items: v.array(ReceivedLogSchema) })

/** A policy violation a browser reported to /api/policy-reports (sandbox/api/policy-reports.ts). */
export const PolicyReportSchema = v.object({
  documentUrl: v.string(),
  /** The directive broken, e.g. `img-src` or `require-trusted-types-for`. */
  directive: v.string(),
  /** What was blocked: a URL, `inline`, `trusted-types-sink`… */
  blocked: v.string(),
  /** `enforce`, or `report` under a report-only policy. */
  disposition: v.string(),
  sample: v.string(),
  receivedAt: v.string(),
})
export type PolicyReport = v.InferOutput<typeof PolicyReportSchema>
export const PolicyReportsSchema = v.object({ items: v.array(PolicyReportSchema) })

export const RecordedRequestSchema = v.object({
  method: v.string(),
  path: v.string(),
  query: v.record(v.string(), v.string()),
  headers: v.object({
    'x-request-id': v.optional(v.string()),
    'x-api-version': v.optional(v.string()),
    'x-xsrf-token': v.optional(v.string()),
    'content-type': v.optional(v.string()),
    accept: v.optional(v.string()),
    'x-flag-client-id': v.optional(v.string()),
    'idempotency-key': v.optional(v.string()),
    // Set by the server in front (deploy/nginx.conf), never by the portal.
    'x-forwarded-for': v.optional(v.string()),
    'x-real-ip': v.optional(v.string()),
    'x-forwarded-proto': v.optional(v.string()),
  }),
  authorization: v.boolean(),
  at: v.string(),
})
export type RecordedRequest = v.InferOutput<typeof RecordedRequestSchema>
export const RecordedRequestsSchema = v.object({ items: v.array(RecordedRequestSchema) })

/** One answer of the identity provider's token endpoint. */
export const ProviderGrantSchema = v.object({
  grantType: v.string(),
  outcome: v.picklist(['success', 'error']),
  /** The OAuth error code of a refused grant, e.g. invalid_grant for a reused refresh token. */
  error: v.optional(v.string()),
  at: v.string(),
})
export type ProviderGrant = v.InferOutput<typeof ProviderGrantSchema>
export const ProviderGrantsSchema = v.object({ items: v.array(ProviderGrantSchema) })

/** How the identity provider's end-session endpoint behaves: normally, or answering 500. */
export const ProviderSignOutModeSchema = v.object({ fail: v.boolean() })

export const SessionRequestSchema = v.object({
  username: v.string(),
  merchantID: v.optional(v.string()),
  /** How long ago the user signed in at the identity provider, by the sandbox clock; omitted: now. */
  signedInSecondsAgo: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** Narrows the persona's scopes to these (those it does not hold are ignored), as another role would. */
  scopes: v.optional(v.array(v.string())),
})
export type SessionRequest = v.InferOutput<typeof SessionRequestSchema>

/** POST /__sandbox/clock: moves the sandbox clock forward; GET answers its offset from the real clock. */
export const ClockAdvanceSchema = v.object({ advanceMs: v.pipe(v.number(), v.integer(), v.minValue(0)) })
export const ClockSchema = v.object({ offsetMs: v.number(), now: v.string() })
export type Clock = v.InferOutput<typeof ClockSchema>

export const SessionSchema = v.object({ providerAccessToken: v.string(), portalToken: v.string() })
export type Session = v.InferOutput<typeof SessionSchema>

export const ActivationTokenRequestSchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email()),
  purpose: ActivationPurposeSchema,
  /** Omitted: 7 days for ACTIVATE, 1 hour for RESET; 0 issues a token that has already expired. */
  expiresInSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
})
export type ActivationTokenRequest = v.InferInput<typeof ActivationTokenRequestSchema>

export const ActivationTokenIssuedSchema = v.object({ token: v.string() })

export const IssuedActivationTokenSchema = v.object({
  token: v.string(),
  email: v.string(),
  purpose: ActivationPurposeSchema,
  createdAt: v.string(),
  expiresAt: v.string(),
  usedAt: v.nullable(v.string()),
})
export type IssuedActivationToken = v.InferOutput<typeof IssuedActivationTokenSchema>
export const IssuedActivationTokensSchema = v.object({ items: v.array(IssuedActivationTokenSchema) })

export const OutboxMessageSchema = v.object({
  id: v.string(),
  at: v.string(),
  /**
   * CART_LINK: a cart's checkout link; INVITATION: a user invitation with its activation link;
   * BANK_CHANGE: to every admin of the merchant, that the payout account changed (link: the page).
   */
  kind: v.picklist(['CART_LINK', 'INVITATION', 'BANK_CHANGE']),
  channel: NotifyChannelSchema,
  /** An email address or an E.164 phone number. */
  to: v.string(),
  subject: v.optional(v.string()),
  body: v.string(),
  /** The link the message carries. */
  link: v.string(),
})
export type OutboxMessage = v.InferOutput<typeof OutboxMessageSchema>
export const OutboxSchema = v.object({ items: v.array(OutboxMessageSchema) })
