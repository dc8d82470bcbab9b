import type { TypedStorage } from '../storage/storage'

/** The warning shows this long before the session ends for want of activity. */
export const IDLE_WARNING_MS = 60_000
/** Input is written to storage (and so heard by the other tabs) at most this often. */
export const ACTIVITY_WRITE_INTERVAL_MS = 5_000

/** The input that counts as the user being there. */
export const ACTIVITY_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
] as const

export type IdleState = { phase: 'active' } | { phase: 'warning'; deadline: number } | { phase: 'timed-out' }

/**
 * The last input in any tab of the profile, kept in storage: set at sign-in and by input, removed at
 * sign-out. It outlives the browser, so that a session left open on a shared computer cannot be taken
 * up again by reopening the browser after the time-out.
 */
export interface ActivityClock {
  /** Records input now. */
  touch(): void
  clear(): void
  /** True when a last input is recorded and lies more than the time-out ago. */
  expired(): boolean
}

export function activityClock(
  storage: Pick<TypedStorage, 'get' | 'set' | 'remove'>,
  timeoutMs: number,
  now: () => number = Date.now,
): ActivityClock {
  return {
    touch: () => storage.set('lastActivity', now()),
    clear: () => storage.remove('lastActivity'),
    expired: () => {
      const last = storage.get('lastActivity')
      return last !== undefined && now() - last >= timeoutMs
    },
  }
}

export interface IdleWatchOptions {
  storage: Pick<TypedStorage, 'get' | 'set' | 'subscribe'>
  timeoutMs: number
  onChange: (state: IdleState) => void
  /** Where input is listened for; the window in the app. */
  events: EventTarget
  now?: () => number
}

export interface IdleWatch {
  /** Counts as input: "Stay signed in". */
  stay(): void
  stop(): void
}

/**
 * Watches for input in this tab and, through the shared last-activity time, in every other tab of the
 * profile: announces the warning a minute before the time-out, and the time-out itself. Deadlines are
 * measured on this browser's own clock, from input it saw, so the clock's offset does not matter.
 * Starting to watch is not input: a last activity recorded before the browser was closed counts as
 * it is, and without one (signed out) nothing times out.
 */
export function watchIdleTime({
  storage,
  timeoutMs,
  onChange,
  events,
  now = Date.now,
}: IdleWatchOptions): IdleWatch {
  let timer: ReturnType<typeof setTimeout> | undefined
  let lastWritten = 0
  let state: IdleState = { phase: 'active' }

  function change(next: IdleState): void {
    if (next.phase === state.phase) return
    state = next
    onChange(next)
  }

  function evaluate(): void {
    clearTimeout(timer)
    const last = storage.get('lastActivity')
    if (last === undefined) {
      change({ phase: 'active' })
      return
    }
    const deadline = last + timeoutMs
    const left = deadline - now()
    if (left <= 0) {
      change({ phase: 'timed-out' })
      return
    }
    if (left <= IDLE_WARNING_MS) {
      change({ phase: 'warning', deadline })
      timer = setTimeout(evaluate, left)
      return
    }
    change({ phase: 'active' })
    timer = setTimeout(evaluate, left - IDLE_WARNING_MS)
  }

  function record(force: boolean): void {
    // Input after the time-out, or while signed out, revives nothing.
    if (state.phase === 'timed-out' || storage.get('lastActivity') === undefined) return
    const at = now()
    if (!force && at - lastWritten < ACTIVITY_WRITE_INTERVAL_MS) return
    lastWritten = at
    // The write reaches this tab's subscription below too, which re-evaluates.
    storage.set('lastActivity', at)
  }

  const onInput = () => record(false)
  for (const name of ACTIVITY_EVENTS) events.addEventListener(name, onInput, { passive: true, capture: true })
  const unsubscribe = storage.subscribe('lastActivity', () => {
    // A new sign-in starts a new watch: a time-out of the last session no longer holds.
    if (state.phase === 'timed-out' && storage.get('lastActivity') !== undefined) state = { phase: 'active' }
    evaluate()
  })
  evaluate()

  return {
    stay: () => record(true),
    stop: () => {
      clearTimeout(timer)
      unsubscribe()
      for (const name of ACTIVITY_EVENTS) events.removeEventListener(name, onInput, { capture: true })
    },
  }
}

/**
 * The idle state as the warning dialog reads it. The watch runs with the session's keep-alive (see
 * keep-alive.ts), not with the dialog, so that a tab on an error screen times out as well.
 */
export class IdleStatus {
  #state: IdleState = { phase: 'active' }
  #stay: () => void = () => undefined
  readonly #listeners = new Set<() => void>()

  state(): IdleState {
    return this.#state
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** "Stay signed in". */
  stay(): void {
    this.#stay()
  }

  /** Connects the running watch: its "stay" and its changes. */
  attach(stay: () => void): void {
    this.#stay = stay
  }

  update(state: IdleState): void {
    this.#state = state
    for (const listener of this.#listeners) listener()
  }
}

/** How long the tab that signs out for the idle time-out keeps the others from doing the same. */
export const SIGN_OUT_LEAD_MS = 10_000

/**
 * Runs `lead` in one tab only when every tab times out at once (two tabs ending one provider session
 * together would trip over each other's anti-forgery tokens there); the others run `follow`. Without
 * Web Locks every tab leads.
 */
export function inOneTab(lead: () => Promise<void>, follow: () => void): void {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) {
    void lead()
    return
  }
  void locks.request('mp:idle-sign-out', { ifAvailable: true }, async (lock) => {
    if (!lock) {
      follow()
      return
    }
    await lead()
    await new Promise((resolve) => setTimeout(resolve, SIGN_OUT_LEAD_MS))
  })
}
