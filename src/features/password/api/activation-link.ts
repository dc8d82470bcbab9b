import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { isApiError } from '../../../api/api-error'
import type { ApiClient } from '../../../api/client'
import { type ActivationTokenInfo, ActivationTokenInfoResponseReader } from '../../../api/schemas/passwords'
import { startReads } from '../../../ui/start-reads'
import { redactToken } from './redact-token'

/** What an emailed link leads to: a form, or an explanation of why it no longer works. */
export type ActivationLink = ({ state: 'valid' } & ActivationTokenInfo) | { state: 'invalid' | 'expired' }

export function activationPath(activationToken: string): string {
  return `/api/auth/activation/${encodeURIComponent(activationToken)}`
}

/** 404 (unknown token) and 410 (expired or used) are answers about the link, not failures of the page. */
export function linkStateOf(error: unknown): 'invalid' | 'expired' | undefined {
  if (!isApiError(error) || error.kind !== 'http') return undefined
  if (error.status === 404) return 'invalid'
  if (error.status === 410) return 'expired'
  return undefined
}

export async function fetchActivationLink(
  api: ApiClient,
  activationToken: string,
  signal?: AbortSignal,
): Promise<ActivationLink> {
  try {
    // Whoever opens the link need not be signed in, and a signed-in user's token has no business here.
    const { data } = await api.request(ActivationTokenInfoResponseReader, activationPath(activationToken), {
      signal,
      token: null,
    })
    return { state: 'valid', ...data }
  } catch (error) {
    const state = linkStateOf(error)
    if (state) return { state }
    throw redactToken(error, activationToken)
  }
}

export function activationLinkQueryOptions(api: ApiClient, activationToken: string) {
  return queryOptions({
    queryKey: ['activation-link', activationToken] as const,
    queryFn: ({ signal }) => fetchActivationLink(api, activationToken, signal),
    staleTime: 60_000,
  })
}

/** The loader of both link pages (an invitation, a password reset): starts reading what the link leads to. */
export function readActivationLink({
  context: { queryClient, services },
  params,
}: {
  context: { queryClient: QueryClient; services: { api: ApiClient } }
  params: { activationToken: string }
}): void {
  startReads(queryClient, activationLinkQueryOptions(services.api, params.activationToken))
}
