import { queryOptions } from '@tanstack/react-query'
import type { ProgramFacts } from '../access/gates'
import type { ApiClient } from '../api/client'
import { type Program, ProgramResponseReader } from '../api/schemas/programs'

export function programQueryOptions(api: ApiClient, merchantId: string, programId: string) {
  return queryOptions({
    queryKey: [merchantId, 'program', programId] as const,
    queryFn: async ({ signal }) =>
      (await api.request(ProgramResponseReader, `/api/program/${encodeURIComponent(programId)}`, { signal }))
        .data,
    staleTime: 5 * 60_000,
  })
}

/** The program gates of spec section 6, from the merchant's active programs. */
export function programFacts(programs: readonly Program[]): ProgramFacts {
  const ecomm = programs.filter((p) => p.channel === 'ECOMM')
  const instore = programs.filter((p) => p.channel === 'INSTORE')
  return {
    ecommerce: ecomm.length > 0,
    ecommerceCheckoutSdk: ecomm.some((p) => p.displayInterestRateBPS > 0),
    instore: instore.length > 0,
    instoreVirtualCard: instore.some((p) => p.checkoutMode === 'VirtualCard'),
  }
}
