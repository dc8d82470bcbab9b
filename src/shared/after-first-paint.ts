import { useEffect, useState } from 'react'

/** How long work that no first paint needs waits after start-up or mount: preloads, badges, the log's delivery. */
export const AFTER_FIRST_PAINT_MS = 3_000

/**
 * Runs `task` once the page has painted and the browser has a moment: AFTER_FIRST_PAINT_MS on, then at
 * the next idle period (at most as long again). Returns what cancels it, for an effect's clean-up.
 */
export function afterFirstPaint(task: () => void, delayMs = AFTER_FIRST_PAINT_MS): () => void {
  let idle: number | undefined
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(task, { timeout: delayMs })
    else task()
  }, delayMs)
  return () => {
    clearTimeout(timer)
    if (idle !== undefined) cancelIdleCallback(idle)
  }
}

/** How long `afterNextPaint` waits at most: a hidden tab paints nothing. */
export const NEXT_PAINT_TIMEOUT_MS = 500

/**
 * Runs `task` in a task of its own just after the browser next paints (or after NEXT_PAINT_TIMEOUT_MS,
 * in a tab that is not painting): for work that must happen soon but not before what is being
 * rendered shows.
 */
export function afterNextPaint(task: () => void): void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    task()
  }
  requestAnimationFrame(() => setTimeout(run))
  setTimeout(run, NEXT_PAINT_TIMEOUT_MS)
}

/** True once the page has painted and the browser has a moment (`afterFirstPaint`), for work no first paint needs. */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => afterFirstPaint(() => setReady(true)), [])
  return ready
}
