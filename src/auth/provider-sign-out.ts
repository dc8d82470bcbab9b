import * as v from 'valibot'
import type { StoredProviderTokens } from './oidc'

/**
 * Ends the provider's side of a session without the sign-in library, so that sign-out works when its
 * code cannot load: the refresh token is revoked (RFC 7009), then the browser posts to the provider's
 * end-session endpoint. The ID token goes in the form body, never in a URL, where it would stay in
 * the history, the provider's access logs and Referer headers.
 */
export interface ProviderSignOutDeps {
  issuer: string
  clientId: string
  postLogoutRedirectUri: string
  fetchImpl: typeof fetch
  /**
   * How long each call to the provider may take; a call still unanswered then rejects with a
   * DOMException named 'TimeoutError', so a hung provider cannot hold sign-out.
   */
  timeoutMs: number
  /** Navigates by posting a form, as a browser does. */
  submitForm: (action: string, fields: Readonly<Record<string, string>>) => void
}

const DiscoverySchema = v.object({
  revocation_endpoint: v.optional(v.pipe(v.string(), v.url())),
  end_session_endpoint: v.optional(v.pipe(v.string(), v.url())),
})

async function discover({ issuer, fetchImpl, timeoutMs }: ProviderSignOutDeps) {
  const response = await fetchImpl(`${issuer}/.well-known/openid-configuration`, {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  })
  if (!response.ok) throw new Error(`the provider's configuration answered ${response.status}`)
  const parsed = v.safeParse(DiscoverySchema, await response.json())
  if (!parsed.success) throw new Error("the provider's configuration could not be read")
  return parsed.output
}

async function revokeAt(deps: ProviderSignOutDeps, endpoint: string | undefined, refreshToken: string) {
  if (!endpoint) throw new Error('the provider has no revocation endpoint')
  const response = await deps.fetchImpl(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token: refreshToken,
      token_type_hint: 'refresh_token',
      client_id: deps.clientId,
    }),
    signal: AbortSignal.timeout(deps.timeoutMs),
  })
  if (!response.ok) throw new Error(`revoking the refresh token failed with status ${response.status}`)
}

/** Revokes the refresh token, and with it the provider's grant (RFC 7009). */
export async function revokeRefreshToken(deps: ProviderSignOutDeps, refreshToken: string): Promise<void> {
  await revokeAt(deps, (await discover(deps)).revocation_endpoint, refreshToken)
}

/**
 * Revokes the refresh token, then sends the browser to the provider's end-session endpoint. Resolves
 * once the browser is on its way there; throws, before leaving, when either step cannot happen.
 */
export async function endProviderSession(
  deps: ProviderSignOutDeps,
  tokens: StoredProviderTokens,
): Promise<void> {
  const endpoints = await discover(deps)
  if (tokens.refreshToken) await revokeAt(deps, endpoints.revocation_endpoint, tokens.refreshToken)
  if (!endpoints.end_session_endpoint) throw new Error('the provider has no end-session endpoint')
  const fields: Record<string, string> = {
    client_id: deps.clientId,
    post_logout_redirect_uri: deps.postLogoutRedirectUri,
  }
  if (tokens.idToken) fields.id_token_hint = tokens.idToken
  deps.submitForm(endpoints.end_session_endpoint, fields)
}

/** Posts a form from the current document: a top-level navigation that keeps its fields out of the URL. */
export function submitDocumentForm(action: string, fields: Readonly<Record<string, string>>): void {
  const form = document.createElement('form')
  form.method = 'post'
  form.action = action
  form.hidden = true
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.append(input)
  }
  document.body.append(form)
  form.submit()
}
