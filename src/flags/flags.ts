import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import type { Flags } from '../access/gates'
import { isApiError } from '../api/api-error'
import type { ApiClient } from '../api/client'
import { BulkFlagResultSchema, FLAG_TAG, FlagResultSchema } from '../api/schemas/flags'
import type { LogFn } from '../log/logger'

/** Identifies this page load to the flag service; made once, when the module first loads. */
export const FLAG_CLIENT_ID = crypto.randomUUID()

export function toCamelCase(name: string): string {
  return name.toLowerCase().replace(/[_-]+([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase())
}

const headers = { 'X-Flag-Client-ID': FLAG_CLIENT_ID }

const bulkFailures: Record<number, string> = {
  400: 'bulk request bad',
  404: 'the requested tag was not found',
}

/**
 * Evaluates every flag of a tag for the tenant. Flags are an enhancement: any failure, the network
 * included, is logged and answers no flags, so that every gate they open stays closed.
 */
export async function evaluateBulk(
  api: ApiClient,
  log: LogFn,
  tag: string,
  tenantId: string,
  signal?: AbortSignal,
): Promise<Flags> {
  if (!tag) throw new Error('Tag name is required')
  try {
    const answer = await api.request(BulkFlagResultSchema, '/api/featureflag/evaluation/bulk', {
      method: 'POST',
      query: { tag },
      body: { tenantId },
      headers,
      token: null,
      signal,
    })
    return Object.fromEntries(Object.entries(answer).map(([name, { result }]) => [toCamelCase(name), result]))
  } catch (error) {
    const status = isApiError(error) ? error.status : undefined
    const reason = (status !== undefined && bulkFailures[status]) || 'bulk evaluation failed'
    log('error', `Feature flag ${reason}`, { tag, tenantId, status })
    return {}
  }
}

const singleFailures: Record<number, string> = {
  204: 'is disabled',
  400: 'did not return a result with the provided context',
  404: 'could not be found',
  410: 'has been deleted',
}

const NoContent = v.union([FlagResultSchema, v.undefined()])

/** Evaluates one flag; any answer but a result is logged and gives `fallback`. */
export async function evaluateFlag(
  api: ApiClient,
  log: LogFn,
  flagName: string,
  tenantId: string,
  fallback: string,
): Promise<string> {
  try {
    const answer = await api.request(
      NoContent,
      `/api/featureflag/evaluation/flag/${encodeURIComponent(flagName)}`,
      {
        method: 'POST',
        body: { tenantId },
        headers,
        token: null,
      },
    )
    if (answer) return answer.result
    log('warn', `Feature flag ${flagName} ${singleFailures[204]}`, { tenantId })
  } catch (error) {
    const status = isApiError(error) ? error.status : undefined
    const reason = (status !== undefined && singleFailures[status]) || 'could not be evaluated'
    log('error', `Feature flag ${flagName} ${reason}`, { tenantId, status })
  }
  return fallback
}

export function flagsQueryOptions(api: ApiClient, log: LogFn, tenantId: string) {
  return queryOptions({
    queryKey: ['flags', FLAG_TAG, tenantId] as const,
    queryFn: ({ signal }) => evaluateBulk(api, log, FLAG_TAG, tenantId, signal),
    staleTime: 5 * 60_000,
  })
}
