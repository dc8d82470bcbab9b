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
  /** Navigates by posting a form, as a browser does. */
  submitForm: (action: string, fields: Readonly<Record<string, string>>) => void
}

const DiscoverySchema = v.object({
  revocation_endpoint: v.optional(v.pipe(v.string(), v.url())),
  end_session_endpoint: v.optional(v.pipe(v.string(), v.url())),
})

async function discover({ issuer, fetchImpl }: ProviderSignOutDeps) {
  const response = await fetchImpl(`${issuer}/.well-known/openid-configuration`, {
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`the provider's configuration answered ${response.status}`)
  const parsed = v.safeParse(DiscoverySchema, await response.json())
  if (!parsed.success) throw new Error("the provider's configuration could not be read")
  return parsed.output
}

/** Resolves once the browser is on its way to the provider; throws when that cannot happen. */
export async function endProviderSession(
  deps: ProviderSignOutDeps,
  tokens: StoredProviderTokens,
): Promise<void> {
  const endpoints = await discover(deps)
  if (tokens.refreshToken && endpoints.revocation_endpoint) {
    const response = await deps.fetchImpl(endpoints.revocation_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: tokens.refreshToken,
        token_type_hint: 'refresh_token',
        client_id: deps.clientId,
      }),
    })
    if (!response.ok) throw new Error(`revoking the refresh token failed with status ${response.status}`)
  }
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
