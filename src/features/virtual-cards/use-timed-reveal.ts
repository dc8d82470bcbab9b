import { useCallback, useEffect, useState } from 'react'

/** How long a revealed card number stays on screen before it is masked again. */
export const REVEAL_MS = 30_000

export interface TimedReveal {
  revealed: boolean
  /** Whole seconds until it is masked again; 0 while masked. */
  secondsLeft: number
  reveal(): void
  hide(): void
}

/**
 * Shown for `durationMs`, then masked again; revealing again restarts the clock. Leaving the tab masks
 * at once: nobody is looking at the number then, and it should not be there when they come back.
 */
export function useTimedReveal(durationMs: number = REVEAL_MS): TimedReveal {
  const [until, setUntil] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (until === null) return
    const hideTimer = setTimeout(() => setUntil(null), Math.max(0, until - Date.now()))
    const tick = setInterval(() => setNow(Date.now()), 1_000)
    const hideWhenAway = () => {
      if (document.visibilityState === 'hidden') setUntil(null)
    }
    document.addEventListener('visibilitychange', hideWhenAway)
    return () => {
      clearTimeout(hideTimer)
      clearInterval(tick)
      document.removeEventListener('visibilitychange', hideWhenAway)
    }
  }, [until])

  const reveal = useCallback(() => {
    const started = Date.now()
    setNow(started)
    setUntil(started + durationMs)
  }, [durationMs])
  const hide = useCallback(() => setUntil(null), [])

  return {
    revealed: until !== null,
    secondsLeft: until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1_000)),
    reveal,
    hide,
  }
}
