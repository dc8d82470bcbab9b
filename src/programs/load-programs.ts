import type { QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../api/client'
import type { Participation, Program } from '../api/schemas/programs'
import { activeParticipations, participationsQueryOptions } from './participations'
import { programQueryOptions } from './programs'

/** The programs a merchant takes part in now, each once, in the order of its participations. */
export function activeProgramIds(participations: readonly Participation[]): string[] {
  return [...new Set(activeParticipations(participations).map((p) => p.programID))]
}

/** The ids of the merchant's active programs, through the query cache. */
export async function loadActiveProgramIds(
  queryClient: QueryClient,
  api: ApiClient,
  merchantId: string,
): Promise<string[]> {
  return activeProgramIds(await queryClient.ensureQueryData(participationsQueryOptions(api, merchantId)))
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
