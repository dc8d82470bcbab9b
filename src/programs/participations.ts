import { queryOptions } from '@tanstack/react-query'
import { PARTICIPATION_PAGE_LIMIT } from '../../contract/programs'
import type { ApiClient } from '../api/client'
import { type Participation, ParticipationPageReader } from '../api/schemas/programs'

function fetchPage(api: ApiClient, merchantId: string, offset: number, signal?: AbortSignal) {
  return api.request(ParticipationPageReader, '/api/merchant-program-participation', {
    query: { 'merchantID.eq': merchantId, showArchived: 'true', limit: PARTICIPATION_PAGE_LIMIT, offset },
    signal,
  })
}

/** At most this many pages are asked for, so that a platform whose `total` is wrong cannot loop us. */
export const MAX_PARTICIPATION_PAGES = 50

type Page = Awaited<ReturnType<typeof fetchPage>>['data']

/** How many items the platform sent on a page, the unreadable ones (left out, and logged) included. */
function sent(page: Page): number {
  return page.items.length + page.unreadable
}

/** A page after which there is nothing more to ask for: empty, or shorter than the limit it was cut at. */
function isLastPage(page: Page): boolean {
  return sent(page) === 0 || sent(page) < Math.min(page.pagination.limit, PARTICIPATION_PAGE_LIMIT)
}

/**
 * Every participation of a merchant, asked for with `limit=200` until the items reach `total` or a
 * page comes back empty or short. The first page tells the total and the page size the platform
 * really uses; the pages that total implies are then fetched together, and if they still fall short
 * (a platform that cuts pages smaller, or whose total is wrong) the rest is asked for page by page.
 */
export async function fetchAllParticipations(
  api: ApiClient,
  merchantId: string,
  signal?: AbortSignal,
): Promise<Participation[]> {
  // Pages may overlap while the list changes: an item is kept once, by its id or, without one, by
  // what it says (two identical participations say the same thing).
  const byId = new Map<string, Participation>()
  const add = (page: Page) => {
    for (const item of page.items) {
      const key = item.id ?? JSON.stringify([item.programID, item.merchantID, item.state, item.deletedAt])
      byId.set(key, item)
    }
  }
  const first = (await fetchPage(api, merchantId, 0, signal)).data
  add(first)
  let requests = 1
  if (isLastPage(first) || sent(first) >= first.pagination.total) return [...byId.values()]

  const step = sent(first)
  const offsets: number[] = []
  for (
    let offset = step;
    offset < first.pagination.total && offsets.length < MAX_PARTICIPATION_PAGES - 1;
    offset += step
  )
    offsets.push(offset)
  const pages = await Promise.all(
    offsets.map(async (offset) => (await fetchPage(api, merchantId, offset, signal)).data),
  )
  requests += pages.length
  for (const page of pages) add(page)

  let offset = step * (offsets.length + 1)
  let last = pages.at(-1) ?? first
  while (!isLastPage(last) && offset < last.pagination.total && requests < MAX_PARTICIPATION_PAGES) {
    last = (await fetchPage(api, merchantId, offset, signal)).data
    requests += 1
    add(last)
    offset += sent(last)
  }
  return [...byId.values()]
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
