import type { QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../api/client'
import type { Program } from '../api/schemas/programs'
import { activeParticipations, participationsQueryOptions } from './participations'
import { programQueryOptions } from './programs'

/** The merchant's active programs with their details, through the query cache. */
export async function loadActivePrograms(
  queryClient: QueryClient,
  api: ApiClient,
  merchantId: string,
): Promise<Program[]> {
  const participations = await queryClient.ensureQueryData(participationsQueryOptions(api, merchantId))
  const programIds = [...new Set(activeParticipations(participations).map((p) => p.programID))]
  return Promise.all(
    programIds.map((id) => queryClient.ensureQueryData(programQueryOptions(api, merchantId, id))),
  )
}
