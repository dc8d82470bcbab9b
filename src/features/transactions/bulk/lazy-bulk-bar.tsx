import { Trans } from '@lingui/react/macro'
import { Text } from '@mantine/core'
import { lazy, type ReactNode, Suspense } from 'react'
import type { BulkBarProps } from './bulk-bar'
import { type BulkSelection, useBulkSelection } from './selection'

// The bar, its dialogs and the runner load when the first row is selected: the list's first paint
// carries the checkboxes alone.
const BulkBar = lazy(() => import('./bulk-bar'))

/** The bulk bar while rows are selected; a note when a change of filters cleared the selection. */
export function LazyBulkBar(props: BulkBarProps) {
  if (props.selection.items.size > 0) {
    return (
      <Suspense fallback={null}>
        <BulkBar {...props} />
      </Suspense>
    )
  }
  return props.selection.clearedByFilters ? (
    <Text size="sm" c="dimmed" role="status">
      <Trans>The filters changed, so the selection was cleared.</Trans>
    </Text>
  ) : null
}

/** Holds the selection of the rows `scope` lists (see useBulkSelection) for what it renders. */
export function WithBulkSelection({
  scope,
  children,
}: {
  scope: string
  children(selection: BulkSelection): ReactNode
}) {
  return children(useBulkSelection(scope))
}
