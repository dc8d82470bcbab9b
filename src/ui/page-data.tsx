import { Trans } from '@lingui/react/macro'
import { Group, Loader, Text } from '@mantine/core'
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ErrorBox } from './error-box'

/**
 * The one way a page loads its data, in two halves. The route's loader starts the page's reads
 * (`startReads`) and returns at once: the page renders straight away, its heading and controls first.
 * The page reads the same query options with `useQuery` and shows each read's state in place
 * (`PageData`): its loading, the 'Oops...' box with Try Again, or the data. A read that fails never
 * fails the route, so the shell, the heading and whatever else the page could show stay on screen.
 */
export function startReads(queryClient: QueryClient, ...reads: Read[]): void {
  // prefetchQuery never throws: a failure stays in the cache for the page's query to show.
  for (const read of reads) void queryClient.prefetchQuery(read as FetchQueryOptions)
}

/** A read's query options, from the factory the page's `useQuery` takes them from too. */
interface Read {
  queryKey: QueryKey
}

/** What PageData needs of a query (TanStack Query's result fits). */
export interface PageQuery<T> {
  data: T | undefined
  error: unknown
  isError: boolean
  refetch(): Promise<unknown>
}

/**
 * Several reads of the same kind shown as one (one loading, one 'Oops...' box), such as a read per
 * program: their answers once all have come, the first failure, and Try Again for those that failed.
 */
export function allReads<T>(queries: readonly PageQuery<T>[]): PageQuery<T[]> {
  const failed = queries.filter((query) => query.isError)
  const answers = queries.flatMap((query) => (query.data === undefined ? [] : [query.data]))
  return {
    data: answers.length === queries.length ? answers : undefined,
    error: failed[0]?.error,
    isError: failed.length > 0,
    refetch: () => Promise.all(failed.map((query) => query.refetch())),
  }
}

interface PageDataProps<T> {
  query: PageQuery<T>
  /** Shown until the first answer; a spinner and 'Loading…' by default. */
  loading?: ReactNode
  children(data: T): ReactNode
}

/**
 * A read's place on its page: `loading` until it answers, the 'Oops...' box (with Try Again) when it
 * cannot be read, then the data. A refresh that fails keeps the data it had under the box.
 */
export function PageData<T>({ query, loading, children }: PageDataProps<T>) {
  const failed = query.isError ? (
    <ErrorBox
      error={query.error}
      onRetry={async () => {
        await query.refetch()
      }}
    />
  ) : null
  if (query.data === undefined) return failed ?? loading ?? <PageDataLoading />
  return (
    <>
      {failed}
      {children(query.data)}
    </>
  )
}

function PageDataLoading() {
  return (
    <Group justify="center" gap="sm" py="xl" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden="true" />
      <Text c="dimmed" size="sm">
        <Trans>Loading…</Trans>
      </Text>
    </Group>
  )
}
