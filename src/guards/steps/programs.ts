import type { Flags } from '../../access/gates'
import type { Merchant, Tenant } from '../../api/schemas/merchants'
import type { Program } from '../../api/schemas/programs'
import type { RouterContext } from '../../app/context'
import { flagsQueryOptions } from '../../flags/flags'
import { supportedLocale } from '../../i18n/locales'
import { merchantQueryOptions, tenantQueryOptions } from '../../merchant/merchant-queries'
import { loadActiveProgramIds, loadPrograms } from '../../programs/load-programs'
import { merchantFormat } from '../../shared/use-merchant-format'

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
 * tenant, all at once.
 */
export async function programsStep({
  context,
  tenantId,
  merchantId,
}: ProgramsStepInput): Promise<MerchantData> {
  const { queryClient, services } = context
  const { api, log } = services
  const merchantRequest = queryClient.ensureQueryData(merchantQueryOptions(api, merchantId))
  // The merchant's date and money formatters are built while the programs are still on their way,
  // rather than in the middle of the first page's render, which they would hold up.
  merchantRequest
    .then((found) => merchantFormat(found, supportedLocale(services.i18n.locale)))
    .catch(() => {
      // The guard reports the failure.
    })
  const [flags, tenant, merchant, programs] = await Promise.all([
    queryClient.ensureQueryData(flagsQueryOptions(api, log, tenantId)),
    queryClient.ensureQueryData(tenantQueryOptions(api, tenantId)),
    merchantRequest,
    loadActiveProgramIds(queryClient, api, merchantId).then((programIds) =>
      loadPrograms(queryClient, api, merchantId, programIds),
    ),
  ])
  return { merchant, programs, flags, tenant }
}
