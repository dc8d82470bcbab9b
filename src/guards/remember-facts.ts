import type { Flags } from '../access/gates'
import type { Tenant } from '../api/schemas/merchants'
import type { Program } from '../api/schemas/programs'
import { zoneName as nameOfZone } from '../shared/calendar'
import { MAX_REMEMBERED_PARTICIPATIONS } from '../storage/stored-values'
import { type FactsOwner, type FactsSources, factQueries } from './remembered-facts'

// Loaded once the guard has let a page in: writing the facts down is not needed for its first paint.

interface GuardFacts {
  flags: Flags
  tenant: Tenant
  merchant: { id: string; timeZone: string }
  programs: readonly Program[]
  /** The language the page was shown in, whose name of the merchant's time zone is kept with them. */
  locale: string
}

/**
 * Keeps what the merchant guard let a page in with, for the next page load (see
 * startFromRememberedFacts).
 */
export function rememberFacts(sources: FactsSources, owner: FactsOwner, facts: GuardFacts): void {
  const { queryClient, storage } = sources
  const queries = factQueries(sources, owner)
  const participations = queryClient.getQueryData(queries.participations.queryKey)
  if (!participations || participations.length > MAX_REMEMBERED_PARTICIPATIONS) return
  const keys = [
    queries.flags.queryKey,
    queries.tenant.queryKey,
    queries.merchant.queryKey,
    queries.participations.queryKey,
    ...facts.programs.map((program) => queries.program(program.id).queryKey),
  ]
  const readAt = Math.min(...keys.map((key) => queryClient.getQueryState(key)?.dataUpdatedAt ?? 0))
  if (readAt <= 0) return
  const { timeZone } = facts.merchant
  // Storage writes (and announces to other tabs) only a record whose text has changed.
  storage.set('guardFacts', {
    ...owner,
    readAt,
    flags: { ...facts.flags },
    tenant: facts.tenant,
    merchant: facts.merchant,
    participations,
    programs: [...facts.programs],
    zoneName: { timeZone, locale: facts.locale, name: nameOfZone(timeZone, facts.locale) },
  })
}
