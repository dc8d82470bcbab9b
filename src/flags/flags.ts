import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { FLAG_TAG } from '../../contract/flags'
import type { FlagName, Flags } from '../access/gates'
import { isApiError } from '../api/api-error'
import type { ApiClient } from '../api/client'
import { FlagResultReader } from '../api/schemas/flags'
import type { LogFn } from '../log/logger'

/** Identifies this page load to the flag service; made once, when the module first loads. */
export const FLAG_CLIENT_ID = crypto.randomUUID()

/** The request id of the flag call that failed, for its log entry. */
function requestIdOf(error: unknown): string | undefined {
  return isApiError(error) ? error.requestId : undefined
}

/**
 * Whether a failed call got no answer at all (the network is down, or the platform did not answer in
 * time): that says nothing of the flags, so flags already known are kept rather than taken for off.
 */
function unanswered(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')
}

/**
 * snake_case, kebab-case, camelCase and PascalCase names of a flag all land on one camelCase key: the
 * name is cut into words (at separators, at a lower-case letter or digit followed by a capital, and
 * before the last capital of a run of them, as in `XMLHttp`), which are joined again in camelCase.
 */
export function toCamelCase(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase())
  return words
    .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('')
}

/**
 * Flags a page is decided by on their own (spec section 6: "false means denied"): asked for one by one,
 * by the name the platform knows them by (CONTRACT.md section 2), kept under the portal's camelCase name.
 */
const SINGLE_FLAGS: ReadonlyMap<FlagName, string> = new Map([
  ['isMerchantIdValidationPageEnabled', 'is_merchant_id_validation_page_enabled'],
])

// Each entry is read on its own: one that is not `{ result: <text> }` counts as off, the others stand.
const BulkAnswerSchema = v.record(v.string(), v.unknown())

function readBulk(answer: Readonly<Record<string, unknown>>): Flags {
  const flags: Record<string, string> = {}
  for (const [name, entry] of Object.entries(answer)) {
    const parsed = v.safeParse(FlagResultReader, entry)
    if (parsed.success) flags[toCamelCase(name)] = parsed.output.result
  }
  return flags
}

const headers = { 'X-Flag-Client-ID': FLAG_CLIENT_ID }

const bulkFailures: Record<number, string> = {
  400: 'bulk request bad',
  404: 'the requested tag was not found',
}

/**
 * Evaluates every flag of a tag for the tenant. Flags are an enhancement: any failure, the network
 * included, is logged and answers no flags, so that every gate they open stays closed. With
 * `keepKnown` (flags are known already, and this reads them again) a call that got no answer throws
 * instead, so that the flags known stand (the query layer logs the failed read).
 */
export async function evaluateBulk(
  api: ApiClient,
  log: LogFn,
  tag: string,
  tenantId: string,
  signal?: AbortSignal,
  keepKnown = false,
): Promise<Flags> {
  if (!tag) throw new Error('Tag name is required')
  try {
    const answer = await api.request(BulkAnswerSchema, '/api/featureflag/evaluation/bulk', {
      method: 'POST',
      query: { tag },
      body: { tenantId },
      headers,
      token: null,
      signal,
    })
    return readBulk(answer)
  } catch (error) {
    if (keepKnown && unanswered(error)) throw error
    const status = isApiError(error) ? error.status : undefined
    const reason = (status !== undefined && bulkFailures[status]) || 'bulk evaluation failed'
    log('error', `Feature flag ${reason}`, { tag, tenantId, status, requestId: requestIdOf(error) })
    return {}
  }
}

const singleFailures: Record<number, string> = {
  204: 'is disabled',
  400: 'did not return a result with the provided context',
  404: 'could not be found',
  410: 'has been deleted',
}

// 204 has no body; an answer without a text result counts as no result.
const SingleAnswerSchema = v.optional(v.unknown())

/**
 * Evaluates one flag; any answer but a result is logged and gives `fallback`. With `keepKnown`, a call
 * that got no answer throws, as in evaluateBulk.
 */
export async function evaluateFlag(
  api: ApiClient,
  log: LogFn,
  flagName: string,
  tenantId: string,
  fallback: string,
  keepKnown = false,
): Promise<string> {
  try {
    const answer = await api.request(
      SingleAnswerSchema,
      `/api/featureflag/evaluation/flag/${encodeURIComponent(flagName)}`,
      {
        method: 'POST',
        body: { tenantId },
        headers,
        token: null,
      },
    )
    if (answer === undefined) {
      log('warn', `Feature flag ${flagName} ${singleFailures[204]}`, { tenantId })
      return fallback
    }
    const parsed = v.safeParse(FlagResultReader, answer)
    if (parsed.success) return parsed.output.result
    log('warn', `Feature flag ${flagName} ${singleFailures[400]}`, { tenantId })
  } catch (error) {
    if (keepKnown && unanswered(error)) throw error
    const status = isApiError(error) ? error.status : undefined
    const reason = (status !== undefined && singleFailures[status]) || 'could not be evaluated'
    log('error', `Feature flag ${flagName} ${reason}`, { tenantId, status, requestId: requestIdOf(error) })
  }
  return fallback
}

/**
 * The tenant's flags. Read again while known (a page load started from the last one's facts, see
 * src/guards/remembered-facts.ts), a read that gets no answer fails and the query keeps the flags it
 * has: going offline must not close the pages they open.
 */
export function flagsQueryOptions(api: ApiClient, log: LogFn, tenantId: string) {
  return queryOptions({
    queryKey: ['flags', FLAG_TAG, tenantId] as const,
    queryFn: async ({ signal, client, queryKey }): Promise<Flags> => {
      const known = client.getQueryData<Flags>(queryKey) !== undefined
      const single = [...SINGLE_FLAGS]
      const [bulk, ...results] = await Promise.all([
        evaluateBulk(api, log, FLAG_TAG, tenantId, signal, known),
        ...single.map(([, platformName]) => evaluateFlag(api, log, platformName, tenantId, 'false', known)),
      ])
      return {
        ...bulk,
        ...Object.fromEntries(single.map(([name], index) => [name, results[index] ?? 'false'])),
      }
    },
    staleTime: 5 * 60_000,
  })
}
