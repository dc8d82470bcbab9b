import type { Flags } from '../../access/gates'
import type { Merchant, Tenant } from '../../api/schemas/merchants'
import type { Program } from '../../api/schemas/programs'
import type { RouterContext } from '../../app/context'
import { flagsQueryOptions } from '../../flags/flags'
import { merchantQueryOptions, tenantQueryOptions } from '../../merchant/merchant-queries'
import { knownProgramIds, rememberProgramIds } from '../../programs/known-programs'
import { loadActiveProgramIds, loadPrograms } from '../../programs/load-programs'
import { programQueryOptions } from '../../programs/programs'
import { afterFirstPaint } from '../../shared/after-first-paint'
import { loadDateData } from '../../shared/calendar'
import { startFromRememberedFacts } from '../remembered-facts'

interface ProgramsStepInput {
  context: RouterContext
  /** The signed-in user (the token's `uid`), whose facts of the last page load may be started from. */
  userId: string
  tenantId: string
  merchantId: string
}

interface MerchantData {
  merchant: Merchant
  programs: Program[]
  flags: Flags
  tenant: Tenant
}

/**
 * Step 3 of the signed-in guard: the merchant, its active programs, the tenant's feature flags and the
 * tenant, all at once. The programs' details wait for the participations that name them, so the
 * details of the programs the merchant had when it was last opened in this browser are asked for at
 * once, alongside the participations: while those are still its programs, as they nearly always are,
 * the guard takes one round trip instead of two, and the page's own reads (its loader) the second.
 * Only the participations decide which programs count: a remembered one they no longer name is left
 * out, and one they name that was not remembered is asked for once they answer.
 * A page load starts from the facts the last one ended with, when they are recent and the user's and
 * merchant's (src/guards/remembered-facts.ts): the guard then takes no round trip at all, and reads
 * every fact again alongside the page's reads, once the page has painted.
 */
export async function programsStep({
  context,
  userId,
  tenantId,
  merchantId,
}: ProgramsStepInput): Promise<MerchantData> {
  const { queryClient, services } = context
  const { api, log, storage } = services
  const sources = { queryClient, api, log, storage }
  const owner = { userId, tenantId, merchantId }
  const remembered = startFromRememberedFacts(sources, owner, Date.now(), context.shownPages)
  for (const programId of knownProgramIds(storage, merchantId)) {
    // The guard's read of a program it needs takes this answer, or waits for it while it is on its way;
    // a program it does not need leaves a failure in the cache and nowhere else.
    void queryClient.prefetchQuery(programQueryOptions(api, merchantId, programId))
  }
  const reads = Promise.all([
    queryClient.ensureQueryData(flagsQueryOptions(api, log, tenantId)),
    queryClient.ensureQueryData(tenantQueryOptions(api, tenantId)),
    queryClient.ensureQueryData(merchantQueryOptions(api, merchantId)),
    loadActiveProgramIds(queryClient, api, merchantId).then((programIds) => {
      rememberProgramIds(storage, merchantId, programIds)
      return loadPrograms(queryClient, api, merchantId, programIds)
    }),
  ])
  // The browser's date data (the page's heading names the merchant's time zone) loads while the reads
  // are on their way, in a task of its own so that every read is sent first. Started from remembered
  // facts, the page has no wait to fill and its heading has the zone's name already: the data then
  // loads after the first paint, while the page's own reads are on their way.
  const { locale } = services.i18n
  if (remembered) afterFirstPaint(() => loadDateData(locale))
  else setTimeout(() => loadDateData(locale))
  const [flags, tenant, merchant, programs] = await reads
  // Written down for the next page load once this one has painted (no first paint needs the writer),
  // by the session that read them: not after a sign-out, nor over another session's.
  const session = services.session.current()?.token
  afterFirstPaint(() => {
    import('../remember-facts')
      .then((writer) => {
        if (!session || services.session.current()?.token !== session) return
        writer.rememberFacts(sources, owner, { flags, tenant, merchant, programs, locale })
      })
      .catch(() => {
        // Offline, say: the next page load reads the facts afresh, as a first one does.
      })
  })
  return { merchant, programs, flags, tenant }
}
