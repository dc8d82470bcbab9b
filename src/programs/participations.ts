import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../api/client'
import {
  PARTICIPATION_PAGE_LIMIT,
  type Participation,
  ParticipationPageSchema,
} from '../api/schemas/programs'

function fetchPage(api: ApiClient, merchantId: string, offset: number, signal?: AbortSignal) {
  return api.request(ParticipationPageSchema, '/api/merchant-program-participation', {
    query: { 'merchantID.eq': merchantId, showArchived: 'true', limit: PARTICIPATION_PAGE_LIMIT, offset },
    signal,
  })
}

/** Every participation of a merchant: the first page tells the total, the rest are fetched together. */
export async function fetchAllParticipations(
  api: ApiClient,
  merchantId: string,
  signal?: AbortSignal,
): Promise<Participation[]> {
  const first = await fetchPage(api, merchantId, 0, signal)
  const { total } = first.data.pagination
  const offsets: number[] = []
  for (let offset = first.data.items.length; offset < total; offset += PARTICIPATION_PAGE_LIMIT)
    offsets.push(offset)
  const rest = await Promise.all(offsets.map((offset) => fetchPage(api, merchantId, offset, signal)))
  return [first, ...rest].flatMap((page) => page.data.items)
}

/** Participations a merchant is in now: ACTIVE and not deleted. */
export function activeParticipations(participations: readonly Participation[]): Participation[] {
  return participations.filter((p) => p.state === 'ACTIVE' && p.deletedAt === null)
}

export function participationsQueryOptions(api: ApiClient, merchantId: string) {
  return queryOptions({
    queryKey: [merchantId, 'participations'] as const,
    queryFn: ({ signal }) => fetchAllParticipations(api, merchantId, signal),
    // Enrolments change rarely; guards read this on every navigation, so it must come from cache.
    staleTime: 5 * 60_000,
  })
}
