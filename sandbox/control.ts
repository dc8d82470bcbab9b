// A typed client for the sandbox's control API, for Node tests and the browser test runner alike:
// plain fetch, no Node imports.
import * as v from 'valibot'
import {
  ActivationTokenIssuedSchema,
  type ActivationTokenRequest,
  type Clock,
  ClockSchema,
  FaultCreatedSchema,
  type FaultSpec,
  type FlagOverride,
  type IssuedActivationToken,
  IssuedActivationTokensSchema,
  type OutboxMessage,
  OutboxSchema,
  type PlatformMode,
  type PolicyReport,
  PolicyReportsSchema,
  type ProviderGrant,
  ProviderGrantsSchema,
  type ReceivedLog,
  ReceivedLogsSchema,
  type RecordedRequest,
  RecordedRequestsSchema,
  type Session,
  type SessionRequest,
  SessionSchema,
} from './control-wire'

export type {
  ActivationTokenRequest,
  Clock,
  FaultSpec,
  FlagOverride,
  IssuedActivationToken,
  OutboxMessage,
  PolicyReport,
  ProviderGrant,
  ReceivedLog,
  RecordedRequest,
  Session,
}

export interface SandboxControl {
  reset(): Promise<void>
  setFlag(flagName: string, override: FlagOverride): Promise<void>
  /** Switches how the platform answers until the next reset (see sandbox/api/newer-platform.ts). */
  setPlatform(mode: PlatformMode): Promise<void>
  /** Returns the fault's id, for removeFault(). */
  addFault(fault: FaultSpec): Promise<string>
  removeFault(id: string): Promise<void>
  clearFaults(): Promise<void>
  logs(): Promise<ReceivedLog[]>
  clearLogs(): Promise<void>
  /** Policy violations browsers reported to /api/policy-reports, oldest first. */
  policyReports(): Promise<PolicyReport[]>
  clearPolicyReports(): Promise<void>
  requests(filter?: { path?: string; method?: string }): Promise<RecordedRequest[]>
  clearRequests(): Promise<void>
  /** Refuses every portal token issued so far (each tab's next request gets 401). */
  revokePortalTokens(): Promise<void>
  /** The identity provider's token-endpoint answers, oldest first, optionally of one grant type. */
  grants(grantType?: string): Promise<ProviderGrant[]>
  clearGrants(): Promise<void>
  /** Makes the identity provider's revocation and end-session endpoints answer 500 (true) or work again (false). */
  failProviderSignOut(fail: boolean): Promise<void>
  /** Test-only: real provider and portal tokens for a persona, without the browser sign-in. */
  session(
    username: string,
    merchantID?: string,
    options?: Pick<SessionRequest, 'signedInSecondsAgo' | 'scopes'>,
  ): Promise<Session>
  /** Moves the sandbox clock forward (grace periods, step-up); a reset sets it back. */
  advanceClock(ms: number): Promise<Clock>
  /** Issues the token an invitation (ACTIVATE) or reset (RESET) email would carry; returns the token. */
  issueActivationToken(request: ActivationTokenRequest): Promise<string>
  /** Issued activation and reset tokens, newest first, optionally for one email. */
  activationTokens(email?: string): Promise<IssuedActivationToken[]>
  /** Messages the platform would have sent (cart links, invitations), newest first. */
  outbox(filter?: { to?: string; kind?: OutboxMessage['kind'] }): Promise<OutboxMessage[]>
  clearOutbox(): Promise<void>
}

export class SandboxControlError extends Error {
  override name = 'SandboxControlError'
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

export function createControl(apiUrl: string): SandboxControl {
  const base = `${apiUrl.replace(/\/$/, '')}/__sandbox`

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok) {
      throw new SandboxControlError(
        `sandbox control ${method} ${path} failed: ${response.status} ${await response.text()}`,
        response.status,
      )
    }
    return response.status === 204 ? undefined : response.json()
  }

  return {
    reset: async () => {
      await call('POST', '/reset')
    },
    setFlag: async (flagName, override) => {
      await call('PUT', `/flags/${encodeURIComponent(flagName)}`, override)
    },
    setPlatform: async (mode) => {
      await call('PUT', '/platform', { mode })
    },
    addFault: async (fault) => v.parse(FaultCreatedSchema, await call('POST', '/faults', fault)).id,
    removeFault: async (id) => {
      await call('DELETE', `/faults/${encodeURIComponent(id)}`)
    },
    clearFaults: async () => {
      await call('DELETE', '/faults')
    },
    logs: async () => v.parse(ReceivedLogsSchema, await call('GET', '/logs')).items,
    policyReports: async () => v.parse(PolicyReportsSchema, await call('GET', '/policy-reports')).items,
    clearPolicyReports: async () => {
      await call('DELETE', '/policy-reports')
    },
    clearLogs: async () => {
      await call('DELETE', '/logs')
    },
    requests: async (filter = {}) => {
      const query = new URLSearchParams()
      if (filter.path) query.set('path', filter.path)
      if (filter.method) query.set('method', filter.method)
      const suffix = query.size > 0 ? `?${query}` : ''
      return v.parse(RecordedRequestsSchema, await call('GET', `/requests${suffix}`)).items
    },
    clearRequests: async () => {
      await call('DELETE', '/requests')
    },
    revokePortalTokens: async () => {
      await call('POST', '/portal-tokens/revoke')
    },
    grants: async (grantType) => {
      const suffix = grantType ? `?${new URLSearchParams({ grantType })}` : ''
      return v.parse(ProviderGrantsSchema, await call('GET', `/idp/grants${suffix}`)).items
    },
    clearGrants: async () => {
      await call('DELETE', '/idp/grants')
    },
    failProviderSignOut: async (fail) => {
      await call('PUT', '/idp/sign-out', { fail })
    },
    session: async (username, merchantID, options = {}) =>
      v.parse(
        SessionSchema,
        await call('POST', '/session', {
          username,
          ...(merchantID ? { merchantID } : {}),
          ...options,
        } satisfies SessionRequest),
      ),
    advanceClock: async (advanceMs) => v.parse(ClockSchema, await call('POST', '/clock', { advanceMs })),
    issueActivationToken: async (request) =>
      v.parse(ActivationTokenIssuedSchema, await call('POST', '/activation-tokens', request)).token,
    activationTokens: async (email) => {
      const suffix = email ? `?${new URLSearchParams({ email })}` : ''
      return v.parse(IssuedActivationTokensSchema, await call('GET', `/activation-tokens${suffix}`)).items
    },
    outbox: async (filter = {}) => {
      const query = new URLSearchParams()
      if (filter.to) query.set('to', filter.to)
      if (filter.kind) query.set('kind', filter.kind)
      const suffix = query.size > 0 ? `?${query}` : ''
      return v.parse(OutboxSchema, await call('GET', `/outbox${suffix}`)).items
    },
    clearOutbox: async () => {
      await call('DELETE', '/outbox')
    },
  }
}
