import { Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { useServices } from '../../services/services-context'
import { afterFirstPaint } from '../../shared/after-first-paint'
import { lazyChunk } from '../../shared/load-chunk'

// The dialog (and the component library's modal under it) is not part of the first paint: it is
// fetched a few seconds after start-up, long before the first warning can be due (the time-out is at
// least two minutes), so it is there even if the network is gone by then.
const loadDialog = () => import('./idle-warning-dialog')
const IdleWarningDialog = lazyChunk(() =>
  loadDialog().then((module) => ({ default: module.IdleWarningDialog })),
)

/**
 * Counts down the last minute before a session left without input in every tab ends (the watch runs
 * with the session's keep-alive, src/auth/keep-alive.ts); "Stay signed in" (or any input, in any tab)
 * keeps the session.
 */
export function IdleWarning() {
  const { idle } = useServices()
  const state = useSyncExternalStore(
    (listener) => idle.subscribe(listener),
    () => idle.state(),
  )
  const deadline = state.phase === 'warning' ? state.deadline : null
  // Mounted from the first warning on, so that the dialog can close with its transition.
  const [needed, setNeeded] = useState(false)
  useEffect(() => {
    if (deadline !== null) setNeeded(true)
  }, [deadline])
  useEffect(() => {
    return afterFirstPaint(() => void loadDialog().catch(() => undefined))
  }, [])
  if (!needed && deadline === null) return null
  return (
    <Suspense fallback={null}>
      <IdleWarningDialog deadline={deadline} />
    </Suspense>
  )
}
