import { useCallback, useEffect, useState } from 'react'

/** How long a revealed secret stays on screen before it is masked again. */
export const REVEAL_MS = 30_000

export interface RevealedSecret {
  secret: string | null
  /** Whole seconds until the secret is masked again; 0 while it is masked. */
  secondsLeft: number
  show(secret: string): void
  hide(): void
}

/** Holds a revealed secret for REVEAL_MS, then forgets it; showing it again restarts the clock. */
export function useRevealedSecret(durationMs: number = REVEAL_MS): RevealedSecret {
  const [revealed, setRevealed] = useState<{ secret: string; until: number } | null>(null)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (!revealed) return
    const hideTimer = setTimeout(() => setRevealed(null), Math.max(0, revealed.until - Date.now()))
    const tick = setInterval(() => setNow(Date.now()), 1_000)
    return () => {
      clearTimeout(hideTimer)
      clearInterval(tick)
    }
  }, [revealed])

  const show = useCallback(
    (secret: string) => {
      const started = Date.now()
      setNow(started)
      setRevealed({ secret, until: started + durationMs })
    },
    [durationMs],
  )
  const hide = useCallback(() => setRevealed(null), [])

  return {
    secret: revealed?.secret ?? null,
    secondsLeft: revealed ? Math.max(0, Math.ceil((revealed.until - now) / 1_000)) : 0,
    show,
    hide,
  }
}
