import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * A loader's half of the one way a page loads its data (see src/ui/page-data.tsx): starts the page's
 * reads and returns at once, so that the page renders straight away and shows each read in place.
 */
export function startReads(queryClient: QueryClient, ...reads: Read[]): void {
  // prefetchQuery never throws: a failure stays in the cache for the page's query to show.
  for (const read of reads) void queryClient.prefetchQuery(read as FetchQueryOptions)
}

/** A read's query options, from the factory the page's `useQuery` takes them from too. */
interface Read {
  queryKey: QueryKey
}
