import type { Flags } from '../../access/gates'
import type { Merchant, Tenant } from '../../api/schemas/merchants'
import type { Program } from '../../api/schemas/programs'
import type { RouterContext } from '../../app/context'
import { flagsQueryOptions } from '../../flags/flags'
import { merchantQueryOptions, tenantQueryOptions } from '../../merchant/merchant-queries'
import { knownProgramIds, rememberProgramIds } from '../../programs/known-programs'
import { loadActiveProgramIds, loadPrograms } from '../../programs/load-programs'
import { programQueryOptions } from '../../programs/programs'

interface ProgramsStepInput {
  context: RouterContext
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
 */
export async function programsStep({
  context,
  tenantId,
  merchantId,
}: ProgramsStepInput): Promise<MerchantData> {
  const { queryClient, services } = context
  const { api, log, storage } = services
  for (const programId of knownProgramIds(storage, merchantId)) {
    // The guard's read of a program it needs takes this answer, or waits for it while it is on its way;
    // a program it does not need leaves a failure in the cache and nowhere else.
    void queryClient.prefetchQuery(programQueryOptions(api, merchantId, programId))
  }
  const [flags, tenant, merchant, programs] = await Promise.all([
    queryClient.ensureQueryData(flagsQueryOptions(api, log, tenantId)),
    queryClient.ensureQueryData(tenantQueryOptions(api, tenantId)),
    queryClient.ensureQueryData(merchantQueryOptions(api, merchantId)),
    loadActiveProgramIds(queryClient, api, merchantId).then((programIds) => {
      rememberProgramIds(storage, merchantId, programIds)
      return loadPrograms(queryClient, api, merchantId, programIds)
    }),
  ])
  return { merchant, programs, flags, tenant }
}
