import { type ReactNode, startTransition, useEffect, useState } from 'react'
import { useMountingPart } from '../shared/shown-pages'

interface DeferredMountProps {
  /** Shown for the first commit, and until `children` have rendered; look the same as what was on screen. */
  fallback: ReactNode
  children: ReactNode
}

/**
 * Mounts a large subtree in a transition. The router renders a page synchronously, in one task that
 * keeps the browser from answering the user until it ends (over a second for the signed-in shell and
 * a page on a phone); in a transition React renders the same tree in slices and lets the browser in
 * between them. Only the first mount is deferred: later updates render as usual. Work waiting for the
 * page to show (src/shared/shown-pages.ts) waits for the subtree too.
 */
export function DeferredMount({ fallback, children }: DeferredMountProps) {
  const [mounted, setMounted] = useState(false)
  useMountingPart(mounted)
  useEffect(() => {
    startTransition(() => setMounted(true))
  }, [])
  return mounted ? children : fallback
}
