import { useRouterState } from '@tanstack/react-router'
import { Suspense } from 'react'
import { lazyChunk } from '../../../shared/load-chunk'

// Rarely shown: its words load only when a view opened in part.
const StaleViewAlert = lazyChunk(() =>
  import('./stale-view-alert').then((module) => ({ default: module.StaleViewNotice })),
)

/**
 * The notice of a saved view just opened whose filters no longer all apply; it goes with the next
 * change of the address, which carries no such state.
 */
export function StaleViewNotice({ programNames }: { programNames: ReadonlyMap<string, string> }) {
  const notice = useRouterState({ select: (state) => state.location.state.staleView })
  if (!notice) return null
  return (
    <Suspense fallback={null}>
      <StaleViewAlert notice={notice} programNames={programNames} />
    </Suspense>
  )
}
