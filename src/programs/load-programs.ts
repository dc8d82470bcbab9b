import type { QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../api/client'
import type { Program } from '../api/schemas/programs'
import { activeParticipations, participationsQueryOptions } from './participations'
import { programQueryOptions } from './programs'

/** The ids of the merchant's active programs, each once, in the order of its participations. */
export async function loadActiveProgramIds(
  queryClient: QueryClient,
  api: ApiClient,
  merchantId: string,
): Promise<string[]> {
  const participations = await queryClient.ensureQueryData(participationsQueryOptions(api, merchantId))
  return [...new Set(activeParticipations(participations).map((p) => p.programID))]
}

/** The details of the given programs of a merchant, through the query cache. */
export function loadPrograms(
  queryClient: QueryClient,
  api: ApiClient,
  merchantId: string,
  programIds: readonly string[],
): Promise<Program[]> {
  return Promise.all(
    programIds.map((id) => queryClient.ensureQueryData(programQueryOptions(api, merchantId, id))),
  )
}
