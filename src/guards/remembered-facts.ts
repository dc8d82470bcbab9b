import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import * as v from 'valibot'
import type { ApiClient } from '../api/client'
import { MerchantReader, TenantReader } from '../api/schemas/merchants'
import { ParticipationReader, ProgramReader } from '../api/schemas/programs'
import { flagsQueryOptions } from '../flags/flags'
import type { LogFn } from '../log/logger'
import { merchantQueryOptions, tenantQueryOptions } from '../merchant/merchant-queries'
import { participationsQueryOptions } from '../programs/participations'
import { programQueryOptions } from '../programs/programs'
import { rememberZoneName } from '../shared/calendar'
import type { ShownPages } from '../shared/shown-pages'
import type { TypedStorage } from '../storage/storage'

/**
 * How long the guard's facts are worth starting a page load from. Older ones are read afresh before
 * the page shows, as on a first visit.
 */
export const REMEMBERED_FACTS_MAX_AGE_MS = 24 * 60 * 60_000

/** Whose facts they are: one user, acting for one merchant of one tenant. */
export interface FactsOwner {
  userId: string
  tenantId: string
  merchantId: string
}

export interface FactsSources {
  queryClient: QueryClient
  api: ApiClient
  log: LogFn
  storage: Pick<TypedStorage, 'get' | 'set'>
}

const RememberedFactsReader = v.object({
  tenant: TenantReader,
  merchant: MerchantReader,
  participations: v.array(ParticipationReader),
  programs: v.array(ProgramReader),
})

/** The guard's queries of each fact, as it asks them (src/guards/steps/programs.ts). */
export function factQueries({ api, log }: Pick<FactsSources, 'api' | 'log'>, owner: FactsOwner) {
  return {
    flags: flagsQueryOptions(api, log, owner.tenantId),
    tenant: tenantQueryOptions(api, owner.tenantId),
    merchant: merchantQueryOptions(api, owner.merchantId),
    participations: participationsQueryOptions(api, owner.merchantId),
    program: (programId: string) => programQueryOptions(api, owner.merchantId, programId),
  }
}

/**
 * Puts `data` in the cache as read at `readAt`, and returns what reads it again from the platform in
 * the background.
 */
function seed<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  data: TData,
  readAt: number,
): () => void {
  queryClient.setQueryData<TData>(options.queryKey, data, { updatedAt: readAt })
  return () => void queryClient.prefetchQuery({ ...options, staleTime: 0 })
}

/**
 * A page load starts from what the merchant guard read on the last one, for the same user and merchant,
 * when it is less than a day old: the guard then lets the page in at once (its reads take a round trip
 * before the page's own can start, a phone's 200 to 600 ms), and every fact is read again just after the
 * page has painted. A fact that has changed since makes the guards run again (src/app/guard-facts.ts),
 * so an access taken away since the last visit closes the page a round trip after it shows — the
 * platform refuses its calls meanwhile. Facts already in this page load's cache, facts of another user
 * or merchant, and facts that do not read as the API's answers would are left alone. The merchant's
 * time zone's name comes with them, as the last page showed it: the heading that names it then paints
 * without the browser's date data, which loads after it. True when the page load starts from them.
 */
export function startFromRememberedFacts(
  sources: FactsSources,
  owner: FactsOwner,
  now: number,
  shownPages: Pick<ShownPages, 'afterNextPage'>,
): boolean {
  const { queryClient, storage } = sources
  const queries = factQueries(sources, owner)
  if (queryClient.getQueryData(queries.merchant.queryKey) !== undefined) return false
  const stored = storage.get('guardFacts')
  if (
    !stored ||
    stored.userId !== owner.userId ||
    stored.tenantId !== owner.tenantId ||
    stored.merchantId !== owner.merchantId ||
    now - stored.readAt > REMEMBERED_FACTS_MAX_AGE_MS ||
    stored.readAt > now
  )
    return false
  const facts = v.safeParse(RememberedFactsReader, stored)
  if (!facts.success) return false
  const { tenant, merchant, participations, programs } = facts.output
  if (merchant.id !== owner.merchantId || tenant.id !== owner.tenantId) return false
  const { readAt, zoneName } = stored
  const reads = [
    seed(queryClient, queries.flags, stored.flags, readAt),
    seed(queryClient, queries.merchant, merchant, readAt),
    seed(queryClient, queries.participations, participations, readAt),
    ...programs.map((program) => seed(queryClient, queries.program(program.id), program, readAt)),
  ]
  // Sent once the page has painted: each call costs the main thread a few milliseconds (a phone's
  // 4× CPU: the six of Acme's about 60 ms), which the page's first paint would otherwise wait for.
  shownPages.afterNextPage(() => {
    for (const read of reads) read()
  })
  // The signed-in guard asked for the tenant already: its answer is on the way.
  if (queryClient.getQueryData(queries.tenant.queryKey) === undefined)
    queryClient.setQueryData(queries.tenant.queryKey, tenant, { updatedAt: readAt })
  if (zoneName?.timeZone === merchant.timeZone)
    rememberZoneName(zoneName.timeZone, zoneName.locale, zoneName.name)
  return true
}
