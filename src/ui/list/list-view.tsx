import { Group, Paper, Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { ListLoadError } from './list-load-error'
import { ListPagination } from './list-pagination'
import { ListProgress } from './list-progress'
import { type PageRange, pageRange } from './page-range'
import { UnreadableNote } from './unreadable-note'

/** What a list page needs of its query (TanStack Query's result fits). */
export interface ListQuery<TItem> {
  /** `unreadable`: items of the page left out because they could not be read. */
  data: { items: readonly TItem[]; pagination: { total: number }; unreadable?: number } | undefined
  isFetching: boolean
  isPlaceholderData: boolean
  isPending: boolean
  isError: boolean
  refetch(): Promise<unknown>
}

/**
 * A paged list under its filters: the progress line, the load error, the empty state, then the items
 * (drawn by the page) above the page buttons. The previous page stays on screen, dimmed by the page
 * while `busy`, until the next one arrives.
 */
export function ListView<TItem>({
  query,
  params,
  filters,
  loadingText,
  loadError,
  empty,
  onPageChange,
  children,
}: {
  query: ListQuery<TItem>
  params: { page: number; pageSize: number }
  filters: ReactNode
  loadingText: string
  /** Why the list is missing, e.g. "We could not load the carts."; a button to try again follows it. */
  loadError: ReactNode
  /** Shown in place of the items when there are none. */
  empty: ReactNode
  onPageChange(page: number): void
  children(items: readonly TItem[], state: { busy: boolean; range: PageRange }): ReactNode
}) {
  const page = query.data
  const range = pageRange(params, page?.pagination.total ?? 0)
  const busy = query.isFetching && query.isPlaceholderData
  return (
    <Stack gap="md">
      {filters}

      <ListProgress
        busy={busy}
        loading={busy || (query.isPending && !query.isError)}
        loadingText={loadingText}
        range={page && range.total > 0 ? range : null}
      />

      {query.isError ? (
        <ListLoadError retrying={query.isFetching} onRetry={() => void query.refetch()}>
          {loadError}
        </ListLoadError>
      ) : null}

      {page && range.total === 0 ? empty : null}

      <UnreadableNote count={page?.unreadable} />

      {page && range.total > 0 ? (
        <Paper withBorder radius="md">
          {children(page.items, { busy, range })}
          {range.pageCount > 1 ? (
            <Group justify="flex-end" p="sm">
              <ListPagination page={params.page} pageCount={range.pageCount} onChange={onPageChange} />
            </Group>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  )
}
