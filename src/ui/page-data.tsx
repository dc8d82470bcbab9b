import { Trans } from '@lingui/react/macro'
import { Group, Loader, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { ErrorBox } from './error-box'

/*
 * The one way a page loads its data, in two halves. The route's loader starts the page's reads
 * (`startReads`, src/ui/start-reads.ts) and returns at once: the page renders straight away, its
 * heading and controls first. The page reads the same query options with `useQuery` and shows each
 * read's state in place (`PageData`, here): its loading, the 'Oops...' box with Try Again, or the data.
 * A read that fails never fails the route, so the shell, the heading and whatever else the page could
 * show stay on screen. The halves are two files because the loaders are part of what /transactions
 * downloads first, and this component is not (scripts/landing-chunk.ts places code by file).
 */

/** What PageData needs of a query (TanStack Query's result fits). */
export interface PageQuery<T> {
  data: T | undefined
  error: unknown
  isError: boolean
  refetch(): Promise<unknown>
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
