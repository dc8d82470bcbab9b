import { createContext, useContext, useLayoutEffect } from 'react'
import { afterNextPaint } from './after-first-paint'

/**
 * Work that waits until the page being opened has shown. The router says each time it has rendered a
 * page (src/app/router.tsx), but what it rendered may be the loading screen of a part mounted in a
 * transition (src/ui/deferred-mount.tsx), which says when it has mounted. Once both have, each task
 * waiting runs in a task of its own once the frame after the page's paint has begun: the pixels reach
 * the screen a moment after the main thread paints, and a task run in between delays what the user
 * sees as surely as one run before.
 */
export class ShownPages {
  #waiting: (() => void)[] = []
  #rendered = false
  #mounting = 0

  /** Runs `task` just after the next page the router renders has painted, with every part of it. */
  afterNextPage(task: () => void): void {
    this.#waiting.push(task)
  }

  /** The router has rendered a page. */
  rendered(): void {
    this.#rendered = true
    this.#release()
  }

  /** A part of the page shows its loading screen until it has mounted; returns what says it has. */
  mounting(): () => void {
    this.#mounting++
    let done = false
    return () => {
      if (done) return
      done = true
      this.#mounting--
      this.#release()
    }
  }

  #release(): void {
    if (!this.#rendered || this.#mounting > 0) return
    this.#rendered = false
    for (const task of this.#waiting.splice(0)) afterNextPaint(() => afterNextPaint(task))
  }
}

const ShownPagesContext = createContext<ShownPages | null>(null)

export const ShownPagesProvider = ShownPagesContext.Provider

/** Holds the page's waiting work back while `mounted` is false (and the part is on screen). */
export function useMountingPart(mounted: boolean): void {
  const shownPages = useContext(ShownPagesContext)
  useLayoutEffect(() => {
    if (mounted || !shownPages) return
    return shownPages.mounting()
  }, [mounted, shownPages])
}
