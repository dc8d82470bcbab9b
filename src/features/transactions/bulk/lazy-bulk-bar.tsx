import { type ReactNode, Suspense } from 'react'
import { lazyChunk } from '../../../shared/load-chunk'
import type { BulkBarProps } from './bulk-bar'
import { type BulkSelection, useBulkSelection } from './selection'

// The bar, its dialogs and the runner load when the first row is selected: the list's first paint
// carries the checkboxes alone.
const BulkBar = lazyChunk(() => import('./bulk-bar'))

/** The bulk bar while rows are selected, or to say that a change of filters cleared them. */
export function LazyBulkBar(props: BulkBarProps) {
  const { items, clearedByFilters } = props.selection
  return items.size > 0 || clearedByFilters ? (
    <Suspense fallback={null}>
      <BulkBar {...props} />
    </Suspense>
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
