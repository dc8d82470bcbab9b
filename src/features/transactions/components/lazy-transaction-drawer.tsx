import { type ComponentProps, Suspense, useState } from 'react'
import { lazyChunk } from '../../../shared/load-chunk'

// The drawer (Drawer, Timeline, the action dialogs) loads when a transaction is first opened, or
// when a pointer or the keyboard reaches a transaction link: the list paints without it.
const loadDrawer = () => import('./transaction-drawer')
const TransactionDrawer = lazyChunk(() =>
  loadDrawer().then((module) => ({ default: module.TransactionDrawer })),
)

/** Starts downloading the drawer's code; cheap to call again. */
export function preloadTransactionDrawer(): void {
  loadDrawer().catch(() => {
    // Opening the drawer loads it again and shows the failure there.
  })
}

/** The transaction drawer, its code fetched on first opening and kept mounted after (it slides out). */
export function LazyTransactionDrawer(props: ComponentProps<typeof TransactionDrawer>) {
  const [used, setUsed] = useState(props.id !== undefined)
  if (props.id !== undefined && !used) setUsed(true)
  if (!used) return null
  return (
    <Suspense fallback={null}>
      <TransactionDrawer {...props} />
    </Suspense>
  )
}
